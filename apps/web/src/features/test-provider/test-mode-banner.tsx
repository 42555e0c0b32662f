import { useTranslation } from 'react-i18next';
import { formatCardNumber } from './card-fields.ts';

/**
 * A card number inside a sentence: isolated left to right (Hebrew would reverse its groups) and
 * with no-break spaces (a line never splits it).
 */
function cardInSentence(number: string): string {
  return `\u2066${formatCardNumber(number).replaceAll(' ', '\u00a0')}\u2069`;
}

/**
 * Says plainly that this is planns' test payment provider: no real money moves, and which test
 * cards work (on the checkout page, the tappable list below the form; not on a receipt).
 */
export function TestModeBanner({ cards }: { cards: 'inline' | 'below' | 'none' }) {
  const { t } = useTranslation();
  return (
    <aside className="tp-banner" aria-labelledby="tp-banner-title">
      <p className="tp-banner__title" id="tp-banner-title">
        <span className="tp-banner__badge">{t('testProvider.banner.title')}</span>
      </p>
      <p className="tp-banner__text">{t('testProvider.banner.text')}</p>
      {cards === 'none' ? null : (
        <p className="tp-banner__text">
          {cards === 'below'
            ? t('testProvider.banner.cardsBelow')
            : t('testProvider.banner.cards', {
                success: cardInSentence('4242424242424242'),
                declined: cardInSentence('4000000000000002'),
              })}
        </p>
      )}
    </aside>
  );
}
