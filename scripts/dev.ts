/** `npm run dev`: the server with --watch on :3000 and Vite's dev server (proxying /api and /media) on :5173. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './web-build.ts';

const children = [
  spawn(process.execPath, ['--watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
