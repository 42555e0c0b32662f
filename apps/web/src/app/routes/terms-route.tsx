import { LegalScreen } from '../../features/legal/legal-screen.tsx';

export function TermsRoute() {
  return <LegalScreen document="terms" />;
}
