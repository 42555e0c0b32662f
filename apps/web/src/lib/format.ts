import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates and numbers in the active language (issue #2 §8). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      date: (value: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
        new Intl.DateTimeFormat(language, options).format(value),
      number: (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options).format(value),
      regionName: (code: string) => {
        try {
          return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
        } catch {
          return code;
        }
      },
    }),
    [language],
  );
}
