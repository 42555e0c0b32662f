import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewerTimeZone } from './viewer-time-zone.tsx';

/** Dates and numbers in the active language (issue #2 §8). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useViewerTimeZone();
  return useMemo(
    () => ({
      date: (value: Date, options: Intl.DateTimeFormatOptions = { dateStyle: 'long' }) =>
        new Intl.DateTimeFormat(language, { timeZone, ...options }).format(value),
      number: (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(language, options).format(value),
      regionName: (code: string) => {
        try {
          return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
        } catch {
          return code;
        }
      },
    }),
    [language, timeZone],
  );
}
