import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isRtl, LANGUAGES, pickLanguage, type Language } from '@planns/shared/i18n/languages';
import en from '../locales/en.json';
import { readStored, writeStored } from './storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

type Translation = typeof en;

/** Every language but English is its own chunk, loaded only when chosen; missing files fall back to en. */
const loaders = import.meta.glob<{ default: Translation }>(['../locales/*.json', '!../locales/en.json']);

async function loadTranslation(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const load = loaders[`../locales/${language}.json`];
  if (!load) return;
  try {
    const module = await load();
    i18next.addResourceBundle(language, 'translation', module.default, true, true);
  } catch (error) {
    console.error(`Could not load the ${language} translation`, error);
  }
}

function applyToDocument(language: Language): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = isRtl(language) ? 'rtl' : 'ltr';
}

export function currentLanguage(): Language {
  const language = i18next.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
}

/** Stored preference, else the browser's languages, else English (accounts §1). */
export async function initI18n(): Promise<void> {
  const language = pickLanguage(readStored(STORAGE_KEYS.preferredLanguage), navigator.languages ?? [navigator.language]);
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadTranslation(language);
  await i18next.changeLanguage(language);
  applyToDocument(language);
}

/** Switches the language, remembers it and sets <html lang> and dir (rtl for Hebrew). */
export async function changeLanguage(language: Language): Promise<void> {
  await loadTranslation(language);
  await i18next.changeLanguage(language);
  writeStored(STORAGE_KEYS.preferredLanguage, language);
  applyToDocument(language);
}
