import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, type Currency } from '@planns/shared/money/money.rules';

/** Minor units as money in the viewer's language ('€12.50', '12,50 €'); never divided by hand. */
export function useMoney(): (minor: number, currency: Currency) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((minor: number, currency: Currency) => formatMoney(minor, currency, language), [language]);
}
