import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { readStored, writeStored } from '../../lib/storage.ts';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';

/** Shown until accepted; the acceptance is kept in cookies_accepted. */
export function CookiesBanner() {
  const { t } = useTranslation();
  const [isAccepted, setIsAccepted] = useState(() => readStored(STORAGE_KEYS.cookiesAccepted) === 'true');
  if (isAccepted) return null;
  return (
    <section className="cookies-banner" aria-label={t('cookies.label')}>
      <p className="cookies-banner__text">
        {t('cookies.text')}{' '}
        <Link to="/cookies-policy" className="cookies-banner__link">
          {t('cookies.policyLink')}
        </Link>
      </p>
      <button
        type="button"
        className="btn btn--primary btn--small"
        onClick={() => {
          writeStored(STORAGE_KEYS.cookiesAccepted, 'true');
          setIsAccepted(true);
        }}
      >
        {t('cookies.accept')}
      </button>
    </section>
  );
}
