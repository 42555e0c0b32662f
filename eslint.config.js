import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featuresDir = 'apps/web/src/features';
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

/** Screens never import each other (CONVENTIONS §1): each feature may import only itself, components, lib and api. */
const featureBoundaries = features.map((name) => ({
  files: [`${featuresDir}/${name}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: features
          .filter((other) => other !== name)
          .map((other) => ({
            group: [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`, `../../../${other}/**`],
            message: 'Screens never import each other: move shared code to components/ or lib/.',
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**'], message: 'Only app/ and features/ import screens.' }] }],
    },
  },
  ...featureBoundaries,
  {
    // Config files and the vite/vitest/playwright/eslint entry points need a default export.
    files: ['**/*.config.{ts,js}', 'apps/server/test/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
