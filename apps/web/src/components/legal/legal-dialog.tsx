import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../sheet.tsx';
import { Spinner } from '../spinner.tsx';

const TermsContent = lazy(() => import('./terms-content.tsx').then((m) => ({ default: m.TermsContent })));
const PrivacyContent = lazy(() => import('./privacy-content.tsx').then((m) => ({ default: m.PrivacyContent })));

export type LegalDocumentName = 'terms' | 'privacy';

type LegalDialogProps = { document: LegalDocumentName | null; onClose: () => void };

/** Shows the terms or the privacy policy over the current screen (the login modal's name step). */
export function LegalDialog({ document, onClose }: LegalDialogProps) {
  const { t } = useTranslation();
  const title = document === 'privacy' ? t('legal.privacy.title') : t('legal.terms.title');
  return (
    <Sheet open={document !== null} onOpenChange={(open) => !open && onClose()} title={title} size="full" isText>
      <Suspense fallback={<Spinner />}>{document === 'privacy' ? <PrivacyContent /> : <TermsContent />}</Suspense>
    </Sheet>
  );
}
