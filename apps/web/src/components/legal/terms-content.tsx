import { useTranslation } from 'react-i18next';
import { LegalDocument, LegalSection } from './legal-document.tsx';

/** The Terms & Conditions, in planns' own words. */
export function TermsContent() {
  const { t } = useTranslation();
  return (
    <LegalDocument intro={t('legal.terms.intro')}>
      <LegalSection title={t('legal.terms.service.title')}>
        <p>{t('legal.terms.service.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.account.title')}>
        <p>{t('legal.terms.account.body')}</p>
        <p>{t('legal.terms.account.age')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.content.title')}>
        <p>{t('legal.terms.content.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.organisers.title')}>
        <p>{t('legal.terms.organisers.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.payments.title')}>
        <p>{t('legal.terms.payments.body')}</p>
        <p>{t('legal.terms.payments.fee')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.conduct.title')}>
        <p>{t('legal.terms.conduct.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.liability.title')}>
        <p>{t('legal.terms.liability.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.ending.title')}>
        <p>{t('legal.terms.ending.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.law.title')}>
        <p>{t('legal.terms.law.body')}</p>
      </LegalSection>
      <LegalSection title={t('legal.terms.changes.title')}>
        <p>{t('legal.terms.changes.body')}</p>
      </LegalSection>
    </LegalDocument>
  );
}
