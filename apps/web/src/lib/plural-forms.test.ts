import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import ca from '../locales/ca.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import he from '../locales/he.json';
import ja from '../locales/ja.json';
import ru from '../locales/ru.json';
import { formatMoney } from '@planns/shared/money/money.rules';

/**
 * Counts, dates and numbers in each language (issue 18): i18next picks each language's plural
 * form by Intl.PluralRules, so Russian says 1 место, 2 места, 5 мест, 21 место; a test renders the
 * counts 0, 1, 2, 5, 21, 22 and 111 through the app's own texts.
 */
async function translator(language: string, texts: object) {
  const i18n = createInstance();
  await i18n.init({ lng: language, resources: { [language]: { translation: texts } }, interpolation: { escapeValue: false } });
  return (key: string, options?: Record<string, unknown>): string => String(i18n.t(key as never, options as never));
}

describe('plural forms and Intl formats in the six languages', () => {
  it('Russian: one, few, many, by the count’s last digits', async () => {
    const t = await translator('ru', ru);
    const seats = (count: number) => t('seats.picked', { count, seats: 'A1' });
    expect(seats(1)).toBe('Выбрано 1 место: A1');
    expect(seats(2)).toBe('Выбрано 2 места: A1');
    expect(seats(5)).toBe('Выбрано 5 мест: A1');
    expect(seats(0)).toBe('Выбрано 0 мест: A1');
    expect(seats(21)).toBe('Выбрано 21 место: A1');
    expect(seats(22)).toBe('Выбрано 22 места: A1');
    expect(seats(111)).toBe('Выбрано 111 мест: A1');
  });

  it('every language has a text for each count, none falling back to a key', async () => {
    for (const [language, texts] of Object.entries({ en, es, ja, he, ru, ca })) {
      const t = await translator(language, texts);
      for (const count of [0, 1, 2, 5, 21]) {
        const text = t('guests.tickets.held', { count });
        expect(text, `${language} ${count}`).not.toContain('guests.tickets');
        expect(text, `${language} ${count}`).toContain(String(count));
      }
    }
  });

  it('Hebrew has its own form for two; English and Catalan one and other', async () => {
    const he2 = (await translator('he', he))('seats.taken', { count: 2, seats: 'A1, A2' });
    expect(he2).toBe(he.seats.taken_two.replace('{{seats}}', 'A1, A2'));
    const en1 = (await translator('en', en))('seats.picked', { count: 1, seats: 'A1' });
    expect(en1).toBe('1 seat picked: A1');
    const ca5 = (await translator('ca', ca))('seats.picked', { count: 5, seats: 'A1' });
    expect(ca5).toBe('5 seients triats: A1');
  });

  it('money and dates follow the language: separators, symbols and the month’s name', () => {
    expect(formatMoney(123456, 'EUR', 'es')).toMatch(/^1234,56\s€$|^1\.234,56\s€$/);
    expect(formatMoney(123456, 'EUR', 'en')).toBe('€1,234.56');
    expect(formatMoney(1500, 'JPY', 'ja')).toMatch(/^[¥￥]1,500$/);
    expect(formatMoney(2500, 'RUB', 'ru')).toMatch(/^25,00\s₽$/);
    const date = new Date(Date.UTC(2026, 10, 26, 12));
    expect(new Intl.DateTimeFormat('ru', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date)).toBe('26 ноября');
    expect(new Intl.DateTimeFormat('ca', { month: 'long', timeZone: 'UTC' }).format(date)).toBe('novembre');
  });
});
