import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isRtl, LANGUAGE_COOKIE, LANGUAGES, pickLanguage, type Language } from '@planns/shared/i18n/languages';
import enCore from 'virtual:locale/en/core';
import { readStored, writeStored } from './storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

type Texts = Record<string, unknown>;
type Loader = () => Promise<{ default: Texts }>;

/**
 * Each language's texts come in two parts (lib/i18n-split.ts): English core texts are in the
 * first load; every other part is its own chunk. Missing texts fall back to English.
 */
const coreLoaders: Record<Language, Loader | null> = {
  en: null,
  es: () => import('virtual:locale/es/core'),
  ja: () => import('virtual:locale/ja/core'),
  he: () => import('virtual:locale/he/core'),
  ru: () => import('virtual:locale/ru/core'),
  ca: () => import('virtual:locale/ca/core'),
};
const screenLoaders: Record<Language, Loader> = {
  en: () => import('virtual:locale/en/lazy'),
  es: () => import('virtual:locale/es/lazy'),
  ja: () => import('virtual:locale/ja/lazy'),
  he: () => import('virtual:locale/he/lazy'),
  ru: () => import('virtual:locale/ru/lazy'),
  ca: () => import('virtual:locale/ca/lazy'),
};

const loaded = new Set<string>(['en/core']);
const inFlight = new Map<string, Promise<void>>();
/** Set once a screen needed its texts: a language switch then loads the new language's too. */
let screenTextsWanted = false;

function loadPart(language: Language, part: 'core' | 'lazy'): Promise<void> {
  const key = `${language}/${part}`;
  if (loaded.has(key)) return Promise.resolve();
  const load = part === 'core' ? coreLoaders[language] : screenLoaders[language];
  if (!load) return Promise.resolve();
  let promise = inFlight.get(key);
  if (!promise) {
    promise = load()
      .then((module) => {
        i18next.addResourceBundle(language, 'translation', module.default, true, true);
        loaded.add(key);
      })
      .catch((error: unknown) => console.error(`Could not load the ${language} texts (${part})`, error))
      .finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
  }
  return promise;
}

async function loadTranslation(language: Language): Promise<void> {
  await Promise.all([loadPart(language, 'core'), screenTextsWanted ? loadScreenTexts(language) : Promise.resolve()]);
}

/** The texts of the screens (events, forms, legal pages); lazy screens wait for them. */
export async function loadScreenTexts(language: Language = currentLanguage()): Promise<void> {
  // The server's render (entry-server.tsx) has every text in its own instance already.
  if (typeof window === 'undefined') return;
  screenTextsWanted = true;
  await Promise.all([loadPart('en', 'lazy'), loadPart(language, 'lazy')]);
}

function applyToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtl(language) ? 'rtl' : 'ltr';
  writePreferenceCookie(LANGUAGE_COOKIE, language);
}

/** A preference the server renders with (language, time zone): a year, the whole site, sent on top-level navigations. */
export function writePreferenceCookie(name: string, value: string): void {
  try {
    document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  } catch {
    // cookies off: the server renders with its defaults, the browser then shows the person's own
  }
}

export function currentLanguage(): Language {
  const language = i18next.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/**
 * Stored preference, else the browser's languages, else English (accounts §1). A page the server
 * rendered starts in the language it was rendered in (`rendered`), so hydration matches; the
 * answer is the person's language, which the app switches to right after when it differs.
 */
export async function initI18n(rendered?: Language): Promise<Language> {
  const preferred = pickLanguage(readStored(STORAGE_KEYS.preferredLanguage), navigator.languages ?? [navigator.language]);
  const language = rendered ?? preferred;
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: enCore } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadTranslation(language);
  await i18next.changeLanguage(language);
  applyToDocument(language);
  return preferred;
}

/** Switches the language, remembers it and sets <html lang> and dir (rtl for Hebrew). */
export async function changeLanguage(language: Language): Promise<void> {
  await loadTranslation(language);
  await i18next.changeLanguage(language);
  writeStored(STORAGE_KEYS.preferredLanguage, language);
  applyToDocument(language);
}
