/**
 * `npm run bench:bundle`: what the home page loads first, gzipped. Reads the built index.html:
 * its entry module and every modulepreload link (Vite lists all static imports of the entry
 * there), i.e. the JavaScript fetched before the first render. Lazy chunks are listed apart.
 * Budget: 150 KiB of gzipped JavaScript.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const BUDGET_KIB = 150;
const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kib = (n: number) => (n / 1024).toFixed(1);

const firstJs = new Set<string>();
for (const m of html.matchAll(/<script[^>]+type="module"[^>]+src="\/([^"]+)"/g)) firstJs.add(m[1]!);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) firstJs.add(m[1]!);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)].map((m) => m[1]!);

let total = 0;
console.log('Home page, first load (gzip -9):');
for (const file of firstJs) {
  const size = gz(file);
  total += size;
  console.log(`  ${file.padEnd(48)} ${kib(size).padStart(7)} KiB`);
}
const cssTotal = css.reduce((n, f) => n + gz(f), 0);
const lazy = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !firstJs.has(`assets/${f}`))
  .map((f) => ({ f, size: gz(`assets/${f}`) }))
  .sort((a, b) => b.size - a.size);
console.log(`  JavaScript total: ${kib(total)} KiB (budget ${BUDGET_KIB} KiB)`);
console.log(`  CSS total: ${kib(cssTotal)} KiB`);
console.log(`Lazy chunks (not loaded first): ${lazy.length}, largest: ${lazy.slice(0, 5).map((l) => `${l.f} ${kib(l.size)} KiB`).join(', ')}`);
if (total > BUDGET_KIB * 1024) {
  console.error(`over budget by ${kib(total - BUDGET_KIB * 1024)} KiB`);
  process.exit(1);
}
