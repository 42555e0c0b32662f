import { useTranslation } from 'react-i18next';
import { LegalDocument, LegalSection } from './legal-document.tsx';

/** The Privacy Policy, in planns' own words. */
export function PrivacyContent() {
  const { t } = useTranslation();
  return (
    <LegalDocument intro={t('legal.privacy.intro')}>
      <LegalSection title={t('legal.privacy.collect.title')}>
        <ul>
          <li>{t('legal.privacy.collect.account')}</li>
          <li>{t('legal.privacy.collect.content')}</li>
          <li>{t('legal.privacy.collect.payments')}</li>
          <li>{t('legal.privacy.collect.technical')}</li>
        </ul>
      </LegalSection>
      <LegalSection title={t('legal.privacy.use.title')}>
        <p>{t('legal.privacy.use.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.privacy.sharing.title')}>
        <ul>
          <li>{t('legal.privacy.sharing.sms')}</li>
          <li>{t('legal.privacy.sharing.payments')}</li>
          <li>{t('legal.privacy.sharing.hosting')}</li>
          <li>{t('legal.privacy.sharing.users')}</li>
        </ul>
        <p>{t('legal.privacy.sharing.noSale')}</p>
      </LegalSection>
      <LegalSection title={t('legal.privacy.retention.title')}>
        <p>{t('legal.privacy.retention.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.privacy.rights.title')}>
        <p>{t('legal.privacy.rights.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.privacy.security.title')}>
        <p>{t('legal.privacy.security.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.privacy.children.title')}>
        <p>{t('legal.privacy.children.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.privacy.cookies.title')}>
        <p>{t('legal.privacy.cookies.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.privacy.changes.title')}>
        <p>{t('legal.privacy.changes.body')}</p>
      </LegalSection>
    </LegalDocument>
  );
}
