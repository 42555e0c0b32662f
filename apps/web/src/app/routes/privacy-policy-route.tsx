import { LegalScreen } from '../../features/legal/legal-screen.tsx';

export function PrivacyPolicyRoute() {
  return <LegalScreen document="privacy" />;
}
