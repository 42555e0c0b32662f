/**
 * `npm run bench:bundle`: the JavaScript the home page loads, gzipped (level 9).
 *
 * 1. Static: the built index.html's entry module and its modulepreload links, i.e. what is
 *    fetched before the first render.
 * 2. Measured: the real app (server on a free port, its own data folder) opened in Debian's
 *    Chromium at 390x844, signed out; every script fetched until the network is idle.
 * The budget (150 KiB) applies to the measured figure, which includes the chunks loaded right
 * after the first render (the schemas that parse the first API replies, the language file).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { findFreePort } from '../apps/server/src/db/embedded-postgres.ts';

const BUDGET_KIB = 150;
const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const gz = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;
const kib = (n: number) => (n / 1024).toFixed(1);

const firstJs = new Set<string>();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)) firstJs.add(m[1]!);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) firstJs.add(m[1]!);
let staticTotal = 0;
console.log('Before the first render (entry + modulepreload), gzip -9:');
for (const file of firstJs) {
  const size = gz(fs.readFileSync(path.join(dist, file)));
  staticTotal += size;
  console.log(`  ${file.padEnd(48)} ${kib(size).padStart(7)} KiB`);
}
console.log(`  total ${kib(staticTotal)} KiB`);

const port = await findFreePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planns-bench-'));
fs.chmodSync(dataDir, 0o755);
const server = spawn(process.execPath, ['apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://localhost:${port}`;
let exitCode = 0;
try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  const scripts: { url: string; size: number }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push({ url: new URL(response.url()).pathname, size: gz(await response.body()) });
  });
  await page.goto(base, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: /All events/ }).waitFor();
  await browser.close();
  const measured = scripts.reduce((n, s) => n + s.size, 0);
  console.log('Measured in Chromium, the home page signed out until the network is idle, gzip -9:');
  for (const s of scripts.sort((a, b) => b.size - a.size)) console.log(`  ${s.url.padEnd(48)} ${kib(s.size).padStart(7)} KiB`);
  console.log(`  total ${kib(measured)} KiB in ${scripts.length} files (budget ${BUDGET_KIB} KiB)`);
  if (measured > BUDGET_KIB * 1024) {
    console.error(`over budget by ${kib(measured - BUDGET_KIB * 1024)} KiB`);
    exitCode = 1;
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
