/**
 * The translation check (part of `npm test`): every language has exactly the keys of en.json,
 * no value is empty, interpolation placeholders match English, and every literal key used in
 * the web app's source (t('...'), i18nKey="...") exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../packages/shared/src/i18n/languages.ts';

const root = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(root, 'apps/web/src/locales');
const srcDir = path.join(root, 'apps/web/src');

type Tree = { [key: string]: string | Tree };

export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!).sort();
}

/** i18next plural keys (key_one, key_other, ...) count as the base key being defined. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'locales' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const problems: string[] = [];
const load = (lang: string): Map<string, string> | null => {
  const file = path.join(localesDir, `${lang}.json`);
  if (!fs.existsSync(file)) {
    problems.push(`${lang}: apps/web/src/locales/${lang}.json is missing`);
    return null;
  }
  return flatten(JSON.parse(fs.readFileSync(file, 'utf8')) as Tree);
};

const en = load('en');
if (en) {
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    const other = load(lang);
    if (!other) continue;
    for (const [key, value] of en) {
      const translated = other.get(key);
      if (translated === undefined) problems.push(`${lang}: missing key "${key}"`);
      else if (translated.trim() === '' && value.trim() !== '') problems.push(`${lang}: empty value for "${key}"`);
      else if (placeholders(translated).join() !== placeholders(value).join()) {
        problems.push(`${lang}: "${key}" has placeholders [${placeholders(translated)}], English has [${placeholders(value)}]`);
      }
    }
    // Extra plural forms a language needs (ru: _few, _many) are fine when English has the key's _other form.
    const isPluralForm = (key: string): boolean => PLURAL_SUFFIX.test(key) && en.has(key.replace(PLURAL_SUFFIX, '_other'));
    for (const key of other.keys()) if (!en.has(key) && !isPluralForm(key)) problems.push(`${lang}: key "${key}" is not in en.json`);
  }
  const baseKeys = new Set([...en.keys()].map((k) => k.replace(PLURAL_SUFFIX, '')));
  const used = /\bt\(\s*(['"`])([\w.:-]+)\1|i18nKey=["']([\w.:-]+)["']/g;
  for (const file of sourceFiles(srcDir)) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(used)) {
      const key = m[2] ?? m[3]!;
      if (!en.has(key) && !baseKeys.has(key)) problems.push(`${path.relative(root, file)}: t('${key}') is not in en.json`);
    }
  }
  if (problems.length === 0) console.log(`i18n: ${en.size} keys, all present in ${LANGUAGES.join(', ')}`);
}

if (problems.length > 0) {
  console.error(`i18n check failed (${problems.length} problems):\n${problems.slice(0, 200).map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
