/**
 * The web app's zones (docs/ARCHITECTURE.md "Web layout"), checked on the resolved import graph of
 * apps/web/src by scripts/check-structure.ts. eslint.config.js states the same rules per zone with
 * no-restricted-imports; this check also sees dynamic import(), which that rule does not.
 *
 * - app/ (routes and shell) composes features: it may import anything.
 * - features/<domain>/ may import components/, lib/, api/ and @planns/shared, anything of its own
 *   domain, and of another domain only the files that domain lists in features/public-surface.json;
 *   never app/.
 * - components/, lib/ and api/ never import features/ or app/.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Domain -> its files (relative to features/<domain>/) that other domains may import. */
export type PublicSurface = Record<string, readonly string[]>;

export const WEB_SRC = 'apps/web/src';
export const PUBLIC_SURFACE_FILE = `${WEB_SRC}/features/public-surface.json`;

export type Zone = { kind: 'app' } | { kind: 'feature'; domain: string; file: string } | { kind: 'base'; folder: string } | { kind: 'other' };

/** The zone of a path relative to apps/web/src (with '/' separators). */
export function zoneOf(srcPath: string): Zone {
  const [top, second, ...rest] = srcPath.split('/');
  if (top === 'app') return { kind: 'app' };
  if (top === 'features' && second !== undefined && rest.length > 0) return { kind: 'feature', domain: second, file: rest.join('/') };
  if (top === 'components' || top === 'lib' || top === 'api') return { kind: 'base', folder: top };
  return { kind: 'other' };
}

/** The relative specifiers a module imports: static imports and exports, side-effect imports, import(). */
export function relativeImports(source: string): string[] {
  // TypeScript's own scanner: comments and strings that merely look like imports are skipped.
  const { importedFiles } = ts.preProcessFile(source, true, true);
  return [...new Set(importedFiles.map((file) => file.fileName).filter((name) => /^\.{1,2}\//.test(name)))];
}

/** Why importing `to` from `from` (both relative to apps/web/src) breaks a zone, or null when allowed. */
export function zoneProblem(from: string, to: string, surface: PublicSurface): string | null {
  const source = zoneOf(from);
  const target = zoneOf(to);
  if (source.kind === 'base' && (target.kind === 'feature' || target.kind === 'app')) {
    return `${source.folder}/ never imports ${target.kind === 'app' ? 'app/' : 'features/'}`;
  }
  if (source.kind !== 'feature') return null;
  if (target.kind === 'app') return 'features never import app/';
  if (target.kind !== 'feature' || target.domain === source.domain) return null;
  if ((surface[target.domain] ?? []).includes(target.file)) return null;
  return `features/${target.domain}/${target.file} is internal to "${target.domain}" (its public files: ${(surface[target.domain] ?? []).join(', ') || 'none'})`;
}

/** Every zone problem in a set of modules: `files` maps a path relative to apps/web/src to its source. */
export function checkImportGraph(files: ReadonlyMap<string, string>, surface: PublicSurface): string[] {
  const problems: string[] = [];
  for (const [from, source] of files) {
    for (const specifier of relativeImports(source)) {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
      if (to.startsWith('../')) continue;
      const problem = zoneProblem(from, to, surface);
      if (problem) problems.push(`${WEB_SRC}/${from}: imports '${specifier}': ${problem}`);
    }
  }
  return problems;
}

/** The declared surface against the folders: every folder a listed domain, every listed domain and public file there. */
export function checkSurface(featureFolders: readonly string[], surface: PublicSurface, exists: (srcPath: string) => boolean): string[] {
  const problems: string[] = [];
  for (const folder of featureFolders) {
    if (!(folder in surface)) problems.push(`${WEB_SRC}/features/${folder}: not a domain listed in ${PUBLIC_SURFACE_FILE} (name it as its server module)`);
  }
  for (const [domain, files] of Object.entries(surface)) {
    if (!featureFolders.includes(domain)) problems.push(`${PUBLIC_SURFACE_FILE}: "${domain}" has no folder features/${domain}/`);
    for (const file of files) {
      if (!exists(`features/${domain}/${file}`)) problems.push(`${PUBLIC_SURFACE_FILE}: "${domain}" lists ${file}, which does not exist`);
    }
  }
  return problems;
}

export function readPublicSurface(root: string): PublicSurface {
  return JSON.parse(fs.readFileSync(path.join(root, PUBLIC_SURFACE_FILE), 'utf8')) as PublicSurface;
}

/** The zone checks over the real tree (`root` is the repository). */
export function checkWebZones(root: string): string[] {
  const src = path.join(root, WEB_SRC);
  const surface = readPublicSurface(root);
  const featureFolders = fs
    .readdirSync(path.join(src, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const files = new Map<string, string>();
  for (const file of fs.readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (/\.(ts|tsx)$/.test(file)) files.set(file.split(path.sep).join('/'), fs.readFileSync(path.join(src, file), 'utf8'));
  }
  return [...checkSurface(featureFolders, surface, (p) => fs.existsSync(path.join(src, p))), ...checkImportGraph(files, surface)];
}

type RestrictedPattern = { group?: string[] };

/** The no-restricted-imports groups ESLint applies to a file (empty when the rule is off or absent). */
async function restrictedGroups(eslint: { calculateConfigForFile: (file: string) => Promise<unknown> }, file: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown[]> };
  const rule = config.rules?.['no-restricted-imports'];
  if (!rule || (rule[0] !== 2 && rule[0] !== 'error')) return [];
  const options = (rule[1] ?? {}) as { patterns?: RestrictedPattern[] };
  return (options.patterns ?? []).flatMap((pattern) => pattern.group ?? []);
}

/**
 * That eslint.config.js gives every zone its rule: each domain's files forbid app/ and every other
 * domain (re-allowing exactly its public files), and components/, lib/ and api/ forbid features/ and app/.
 */
export async function checkEslintZones(root: string): Promise<string[]> {
  const { ESLint } = await import('eslint');
  const eslint = new ESLint({ cwd: root });
  const surface = readPublicSurface(root);
  const problems: string[] = [];
  for (const domain of Object.keys(surface)) {
    const groups = await restrictedGroups(eslint, `${WEB_SRC}/features/${domain}/zone-probe.ts`);
    const expected = [
      '**/app/**',
      ...Object.keys(surface)
        .filter((other) => other !== domain)
        .flatMap((other) => [`**/features/${other}/**`, ...(surface[other] ?? []).map((file) => `!**/features/${other}/${file}`)]),
    ];
    const missing = expected.filter((group) => !groups.includes(group));
    if (missing.length > 0) problems.push(`eslint.config.js: features/${domain}/ has no zone rule for ${missing.join(', ')}`);
  }
  for (const folder of ['components', 'lib', 'api']) {
    const groups = await restrictedGroups(eslint, `${WEB_SRC}/${folder}/zone-probe.ts`);
    for (const group of ['**/features/**', '**/app/**']) {
      if (!groups.includes(group)) problems.push(`eslint.config.js: ${folder}/ does not forbid ${group}`);
    }
  }
  return problems;
}
