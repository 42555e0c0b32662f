import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { settled } from './fixtures.ts';

/**
 * The accessibility bar (issue 18): axe-core's WCAG 2.2 A/AA rules and its best practices, run on
 * what is on the screen; serious and critical findings fail the test, each listed with its
 * elements, so a failure says what to mend. Then every control is probed for a 44 px touch target.
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Sheets slide in and fade: axe measures colours, so wait until nothing is moving.
  await settled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const found = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`);
  expect(found, `axe on ${where}`).toEqual([]);
  expect(await smallTargets(page), `touch targets on ${where}`).toEqual([]);
  expect(await unmirroredTabs(page), `tabs in reading order on ${where}`).toEqual([]);
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
  const lookup = (dotted: string) => {
    let node: string | Tree | undefined = trees.get(language);
    for (const part of dotted.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    return node;
  };
  let node = lookup(key);
  // i18next's plurals: key_one, key_few, ... by the language's rule for `count`, else key_other.
  if (node === undefined && typeof values.count === 'number') {
    node = lookup(`${key}_${new Intl.PluralRules(language).select(values.count)}`) ?? lookup(`${key}_other`);
  }
  if (typeof node !== 'string') throw new Error(`no text ${key} in ${language}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A pattern for a name that begins with `key`'s text (panel buttons read 'Location' then their summary). */
export function startingWith(language: Language, key: string): RegExp {
  return new RegExp(`^${text(language, key).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/**
 * Controls a finger cannot hit over 44x44 CSS px (issue 18; WCAG 2.5.5): each control is brought
 * into view and probed at its centre and 21 px to each side; every probe must land on the control,
 * its label or an invisible touch area of its own (a pseudo-element). Links inside running text
 * are excepted, as WCAG excepts them.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=switch], [role=checkbox], [role=radio], [role=menuitem], [role=option]';
    const out: string[] = [];
    // What is open on top (a sheet, a menu) is what a finger can reach.
    const scope = document.querySelector('[role=dialog], [role=menu]') ?? document;
    for (const element of Array.from(scope.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(element);
      let rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || style.opacity === '0') continue;
      if (element.closest('[aria-hidden=true], [inert], .visually-hidden')) continue;
      if (style.display === 'inline') continue;
      if (element.classList.contains('skip-link') && document.activeElement !== element) continue;
      // A seat chart is a hall drawn to scale, which a person zooms into (its + button, or a pinch)
      // and walks by arrow keys: its seats are held to WCAG 2.5.8's 24 px at the first zoom, not
      // 44 (decision 0037).
      const reach = element.closest('.seat-chart__grid') ? 11 : 21;
      const size = 2 * reach + 2;
      if (rect.width >= size && rect.height >= size) continue;
      const labels = Array.from((element as HTMLInputElement).labels ?? []);
      const hits = (target: Element | null) => !!target && (element.contains(target) || labels.some((label) => label.contains(target)) || target.contains(element) && target.tagName === 'LABEL');
      element.scrollIntoView({ block: 'center', inline: 'nearest' });
      rect = element.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      const probes = [[x, y], [x - reach, y], [x + reach, y], [x, y - reach], [x, y + reach]] as const;
      const describe = (target: Element | null) => (target ? `${target.tagName.toLowerCase()}.${String(target.className).split(' ')[0]}` : 'nothing');
      const missed = probes.map(([px, py]) => document.elementFromPoint(px, py)).filter((target) => !hits(target));
      if (missed.length === 0) continue;
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30);
      out.push(`${describe(element)} "${name}" (${Math.round(rect.width)}x${Math.round(rect.height)}): a finger lands on ${missed.map(describe).join(', ')}`);
    }
    return out;
  });
}

/** In a right-to-left page, tab lists whose first tab is not the rightmost (they read backwards). */
export async function unmirroredTabs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    if (document.documentElement.dir !== 'rtl') return [];
    return Array.from(document.querySelectorAll('[role=tablist]'))
      .map((list) => Array.from(list.querySelectorAll('[role=tab]')).map((tab) => tab.getBoundingClientRect()))
      .filter((boxes) => boxes.length > 1 && boxes[0]!.width > 0 && boxes[0]!.right < boxes[1]!.right)
      .map((_, index) => `tab list ${index + 1} runs left to right`);
  });
}
