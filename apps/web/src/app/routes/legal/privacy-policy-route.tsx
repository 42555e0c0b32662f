import { LegalScreen } from './legal-screen.tsx';

export function PrivacyPolicyRoute() {
  return <LegalScreen document="privacy" />;
}
