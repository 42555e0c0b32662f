import { useTranslation } from 'react-i18next';
import { LANGUAGE_COOKIE, TIME_ZONE_COOKIE } from '@planns/shared/i18n/languages';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { LegalDocument, LegalSection } from './legal-document.tsx';

/** The cookies policy: what planns keeps in the browser, and why. */
export function CookiesContent() {
  const { t } = useTranslation();
  return (
    <LegalDocument intro={t('legal.cookies.intro')}>
      <LegalSection title={t('legal.cookies.cookies.title')}>
        <dl className="legal__list">
          <dt>{t('legal.cookies.cookies.sessionName')}</dt>
          <dd>{t('legal.cookies.cookies.session')}</dd>
          <dt>{t('legal.cookies.cookies.signInName')}</dt>
          <dd>{t('legal.cookies.cookies.signIn')}</dd>
          <dt>{t('legal.cookies.cookies.preferencesName')}</dt>
          <dd>
            {t('legal.cookies.cookies.preferences')} (<code>{LANGUAGE_COOKIE}</code>, <code>{TIME_ZONE_COOKIE}</code>)
          </dd>
        </dl>
      </LegalSection>
      <LegalSection title={t('legal.cookies.storage.title')}>
        <p>{t('legal.cookies.storage.body')}</p>
        <dl className="legal__list">
          <dt>
            <code>{STORAGE_KEYS.preferredLanguage}</code>
          </dt>
          <dd>{t('legal.cookies.storage.preferredLanguage')}</dd>
          <dt>
            <code>{STORAGE_KEYS.watchedCover}</code>
          </dt>
          <dd>{t('legal.cookies.storage.watchedCover')}</dd>
          <dt>
            <code>{STORAGE_KEYS.cookiesAccepted}</code>
          </dt>
          <dd>{t('legal.cookies.storage.cookiesAccepted')}</dd>
          <dt>
            <code>{STORAGE_KEYS.lastAction}</code>
          </dt>
          <dd>{t('legal.cookies.storage.lastAction')}</dd>
          <dt>
            <code>{STORAGE_KEYS.groupInvite}</code>
          </dt>
          <dd>{t('legal.cookies.storage.groupInvite')}</dd>
          <dt>
            <code>{STORAGE_KEYS.groupFilter}</code>
          </dt>
          <dd>{t('legal.cookies.storage.groupFilter')}</dd>
        </dl>
      </LegalSection>
      <LegalSection title={t('legal.cookies.none.title')}>
        <p>{t('legal.cookies.none.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.cookies.control.title')}>
        <p>{t('legal.cookies.control.body')}</p>
      </LegalSection>
    </LegalDocument>
  );
}
