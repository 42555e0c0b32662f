import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@planns/shared/i18n/languages';
import { Icon } from '../../components/icon.tsx';
import { changeLanguage, currentLanguage } from '../../lib/i18n.ts';

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** A native select: small, accessible, and the platform's own picker on phones. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : currentLanguage();
  return (
    <label className="language-switcher">
      <Icon name="globe" size={20} />
      <span className="visually-hidden">{t('shell.language')}</span>
      <select
        className="language-switcher__select"
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <span className="language-switcher__code" aria-hidden="true">
        {language.toUpperCase()}
      </span>
    </label>
  );
}
