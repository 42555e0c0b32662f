import { useTranslation } from 'react-i18next';
import { CookiesContent } from '../../../components/legal/cookies-content.tsx';
import { PrivacyContent } from '../../../components/legal/privacy-content.tsx';
import { TermsContent } from '../../../components/legal/terms-content.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import './legal-screen.css';

type LegalScreenProps = { document: 'terms' | 'privacy' | 'cookies' };

/** /terms, /privacy-policy and /cookies-policy, each with a back button. */
export function LegalScreen({ document }: LegalScreenProps) {
  const { t } = useTranslation();
  const title =
    document === 'terms' ? t('legal.terms.title') : document === 'privacy' ? t('legal.privacy.title') : t('legal.cookies.title');
  return (
    <article className="legal-screen">
      <PageHeader title={title} hasBack />
      {document === 'terms' ? <TermsContent /> : document === 'privacy' ? <PrivacyContent /> : <CookiesContent />}
    </article>
  );
}
