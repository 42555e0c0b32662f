import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { EAGER_KEYS, LAZY_NAMESPACES, splitTranslation } from './i18n-split.ts';

describe('splitTranslation', () => {
  const core = splitTranslation(en, 'core');
  const lazy = splitTranslation(en, 'lazy');

  it('puts every namespace in exactly one part, with the eager keys also in core', () => {
    for (const namespace of Object.keys(en)) {
      const inLazy = namespace in lazy;
      expect(inLazy).toBe(LAZY_NAMESPACES.includes(namespace));
      if (!inLazy) expect(core[namespace]).toEqual((en as Record<string, unknown>)[namespace]);
    }
    expect(core.filters).toEqual({ open: en.filters.open, active: en.filters.active });
    expect(core.eventsList).toEqual({ search: en.eventsList.search });
  });

  it('loses nothing: core and lazy merged give back every text', () => {
    const merged: Record<string, unknown> = { ...core };
    for (const [namespace, value] of Object.entries(lazy)) merged[namespace] = { ...(merged[namespace] as object), ...(value as object) };
    expect(merged).toEqual(en);
  });

  it('names only keys and namespaces that exist in en.json', () => {
    for (const namespace of LAZY_NAMESPACES) expect(en).toHaveProperty(namespace);
    for (const key of EAGER_KEYS) expect(en).toHaveProperty(key.split('.'));
  });
});
