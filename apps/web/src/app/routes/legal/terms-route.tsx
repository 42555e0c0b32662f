import { LegalScreen } from './legal-screen.tsx';

export function TermsRoute() {
  return <LegalScreen document="terms" />;
}
