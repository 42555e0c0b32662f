import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The accessibility bar (issue 18): axe-core's WCAG 2.2 A/AA rules and its best practices, run on
 * what is on the screen; serious and critical findings fail the test, each listed with its
 * elements, so a failure says what to mend.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Sheets slide in and fade: axe measures colours, so wait until nothing is moving (a spinner
  // turns for ever, and is not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`);
  expect(found, `axe on ${where}`).toEqual([]);
}

export type Language = 'en' | 'he';
type Tree = { [key: string]: string | Tree };

const root = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const trees = new Map<Language, Tree>();

/**
 * The app's own text for `key` in `language` (the locale files), {{name}} filled from `values`: the
 * walks find buttons and sheets by what a person reads, in either language.
 */
export function text(language: Language, key: string, values: Record<string, string | number> = {}): string {
  if (!trees.has(language)) trees.set(language, JSON.parse(readFileSync(path.join(root, `${language}.json`), 'utf8')) as Tree);
  let node: string | Tree | undefined = trees.get(language);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A pattern for a name that begins with `key`'s text (panel buttons read 'Location' then their summary). */
export function startingWith(language: Language, key: string): RegExp {
  return new RegExp(`^${text(language, key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}
