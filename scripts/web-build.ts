import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const distIndex = path.join(webDir, 'dist/index.html');
const inputs = [path.join(webDir, 'src'), path.join(webDir, 'index.html'), path.join(webDir, 'vite.config.ts'), path.join(webDir, 'public'), path.join(root, 'packages/shared/src'), path.join(root, 'package-lock.json')];

function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when apps/web/dist is missing or older than any of its sources. */
export function webBuildIsStale(): boolean {
  if (!fs.existsSync(distIndex)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  return inputs.some((p) => newestMtime(p) > built);
}

export function buildWeb(): void {
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  // The plan of the first-load chunks (decision 0047), the app, then the server's render of its
  // first screens (dist/.ssr, decision 0035): as apps/web's `npm run build`.
  const passes: { args: string[]; env?: Record<string, string> }[] = [
    { args: ['build'], env: { PLANNS_CHUNK_PLAN: 'write' } },
    { args: ['build'] },
    { args: ['build', '--ssr', 'src/entry-server.tsx'] },
  ];
  for (const { args, env } of passes) {
    const result = spawnSync(process.execPath, [vite, ...args, '--logLevel', 'warn'], { cwd: webDir, stdio: 'inherit', env: { ...process.env, ...env } });
    if (result.status !== 0) throw new Error('the web build failed');
  }
}
