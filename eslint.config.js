import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Web zones (docs/ARCHITECTURE.md "Web layout"). app/ composes: it may import any feature.
 * features/<domain>/ may import components/, lib/, api/ and @planns/shared, its own files, and of
 * another domain only the files that domain lists as public in features/public-surface.json.
 * components/, lib/ and api/ never import features/ or app/. scripts/check-structure.ts checks the
 * same rules on the resolved import graph (dynamic import() included, which this rule does not see)
 * and that every folder under features/ is a domain listed there.
 */
const featuresDir = 'apps/web/src/features';
const publicSurface = JSON.parse(fs.readFileSync(`${featuresDir}/public-surface.json`, 'utf8'));
const domains = Object.keys(publicSurface);

/** The import specifiers that reach features/<domain>/<file> from another feature's file (up to three folders deep). */
const towards = (domain, file) => [`**/features/${domain}/${file}`, `../${domain}/${file}`, `../../${domain}/${file}`, `../../../${domain}/${file}`];

const featureZones = domains.map((name) => ({
  files: [`${featuresDir}/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/app/**'], message: 'features never import app/: app/ composes features.' },
          ...domains
            .filter((other) => other !== name)
            .map((other) => ({
              group: [...towards(other, '**'), ...publicSurface[other].flatMap((file) => towards(other, file).map((p) => `!${p}`))],
              message: `Another domain's internals: import only the files features/public-surface.json lists for "${other}" (${publicSurface[other].join(', ') || 'none'}), or move shared code to components/ or lib/.`,
            })),
        ],
      },
    ],
  },
}));

const modulesDir = 'apps/server/src/modules';
const serverModules = fs.existsSync(modulesDir)
  ? fs.readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/**
 * Server modules call each other's services, never each other's repositories (docs/ARCHITECTURE.md,
 * "Server modules"): a module's SQL is its own. Seeds and tests, outside modules/, may use repositories.
 */
const serverModuleBoundaries = serverModules.map((name) => ({
  files: [`${modulesDir}/${name}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: serverModules
          .filter((other) => other !== name)
          .map((other) => ({
            group: [`../${other}/*.repo`, `../${other}/*.repo.*`, `**/modules/${other}/*.repo`, `**/modules/${other}/*.repo.*`],
            message: `Call the ${other} module's service (${other}.service.ts), not its repository.`,
          })),
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'User text is never rendered as HTML.' },
        { selector: 'TSEnumDeclaration', message: 'Use a union of string literals (Node type stripping has no enums).' },
        { selector: 'ExportDefaultDeclaration', message: 'Named exports only.' },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'localStorage', message: 'Use lib/storage.ts (tokens never go to localStorage).' }],
    },
  },
  {
    files: ['apps/web/src/api/**', 'apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'components/, lib/ and api/ never import features/ or app/.' }] },
      ],
    },
  },
  ...featureZones,
  ...serverModuleBoundaries,
  {
    // Config files and the vite/vitest/playwright/eslint entry points need a default export.
    files: ['**/*.config.{ts,js}', 'apps/server/test/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
