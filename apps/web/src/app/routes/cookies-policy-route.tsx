import { LegalScreen } from '../../features/legal/legal-screen.tsx';

export function CookiesPolicyRoute() {
  return <LegalScreen document="cookies" />;
}
