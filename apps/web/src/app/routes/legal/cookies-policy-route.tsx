import { LegalScreen } from './legal-screen.tsx';

export function CookiesPolicyRoute() {
  return <LegalScreen document="cookies" />;
}
