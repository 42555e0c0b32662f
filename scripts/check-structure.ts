/**
 * Layout rules the linter cannot see (CONVENTIONS §1, §9): no barrel index files, kebab-case file
 * names, SQL migrations named NNNN_name.sql, and the web app's zones (scripts/web-zones.ts: every
 * folder under features/ a listed domain, eslint.config.js giving each zone its rule, and no import
 * that crosses a zone, dynamic ones included), and hover styles only inside @media (hover: hover)
 * (css-hover.ts). Part of `npm run lint`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { unguardedHover } from './css-hover.ts';
import { checkEslintZones, checkWebZones } from './web-zones.ts';

const root = path.resolve(import.meta.dirname, '..');
const sourceRoots = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages/shared/src', 'e2e', 'scripts'];
const problems: string[] = [];

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name === 'dist') return [];
    const p = path.join(dir, e.name);
    return e.isDirectory() ? [p, ...walk(p)] : [p];
  });
}

const kebab = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+(-[a-z0-9]+)*)*$/;
for (const sourceRoot of sourceRoots) {
  for (const file of walk(path.join(root, sourceRoot))) {
    const rel = path.relative(root, file);
    const name = path.basename(file);
    if (/^index\.(ts|tsx|js)$/.test(name)) problems.push(`${rel}: no barrel index files; import from the file itself`);
    if (rel.includes(`${path.sep}migrations${path.sep}`)) {
      if (!/^\d{4}_[a-z0-9_]+\.sql$/.test(name)) problems.push(`${rel}: migrations are named NNNN_name.sql`);
      continue;
    }
    if (rel.includes(`${path.sep}locales${path.sep}`) || name.endsWith('.d.ts')) continue;
    if (!kebab.test(name)) problems.push(`${rel}: file names are kebab-case`);
    if (name.endsWith('.css')) {
      for (const { line, selector } of unguardedHover(fs.readFileSync(file, 'utf8'))) {
        problems.push(`${rel}:${line}: ${selector}: hover styles go inside @media (hover: hover) (a tap leaves :hover behind on touch screens)`);
      }
    }
  }
}

problems.push(...checkWebZones(root), ...(await checkEslintZones(root)));

if (problems.length > 0) {
  console.error(`structure check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('structure: no barrel files, kebab-case names, migrations numbered, web zones configured and kept, hover styles for hovering pointers only');
