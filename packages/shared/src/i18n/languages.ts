export const LANGUAGES = ['en', 'es', 'ja', 'he', 'ru', 'ca'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const RTL_LANGUAGES: readonly Language[] = ['he'];
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  ja: '日本語',
  he: 'עברית',
  ru: 'Русский',
  ca: 'Català',
};

/** The stored preference wins, else the first supported entry of the browser's list, else English. */
export function pickLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  const all = LANGUAGES as readonly string[];
  if (stored && all.includes(stored)) return stored as Language;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if (base === 'iw' && all.includes('he')) return 'he';
    if (all.includes(base)) return base as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** The language tags of an Accept-Language header, in its order ('he-IL,he;q=0.9' -> ['he-IL', 'he']), for pickLanguage. */
export function acceptLanguageTags(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .filter(Boolean);
}

export function isRtl(lang: Language): boolean {
  return RTL_LANGUAGES.includes(lang);
}

/**
 * The preference cookies the web app writes so that the server renders a first screen in the
 * person's language and time zone (decision 0035): a language code, an IANA zone.
 */
export const LANGUAGE_COOKIE = 'planns_lang';
export const TIME_ZONE_COOKIE = 'planns_tz';
