import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, isRtl, pickLanguage } from './languages.ts';

describe('LANGUAGES', () => {
  it('are the six of the spec, each with a name', () => {
    expect([...LANGUAGES].sort()).toEqual(['ca', 'en', 'es', 'he', 'ja', 'ru']);
    for (const lang of LANGUAGES) expect(LANGUAGE_NAMES[lang]).toEqual(expect.any(String));
    expect(DEFAULT_LANGUAGE).toBe('en');
  });
});

describe('pickLanguage', () => {
  it('prefers a supported stored language', () => {
    expect(pickLanguage('ja', ['es-ES', 'en'])).toBe('ja');
  });

  it('ignores an unsupported stored language and uses the browser list in order', () => {
    expect(pickLanguage('de', ['de-DE', 'ru-RU', 'es'])).toBe('ru');
    expect(pickLanguage(null, ['ca-ES', 'es'])).toBe('ca');
  });

  it('reads the base of a tag case-insensitively', () => {
    expect(pickLanguage(null, ['ES-mx'])).toBe('es');
    expect(pickLanguage(null, ['HE'])).toBe('he');
  });

  it('maps the old Hebrew code iw to he', () => {
    expect(pickLanguage(null, ['iw-IL'])).toBe('he');
  });

  it('falls back to English', () => {
    expect(pickLanguage(null, [])).toBe('en');
    expect(pickLanguage('', ['fr-FR', 'de'])).toBe('en');
  });
});

describe('isRtl', () => {
  it('is true for Hebrew only', () => {
    expect(LANGUAGES.filter(isRtl)).toEqual(['he']);
  });
});
