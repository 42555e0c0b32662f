import { lazy, Suspense } from 'react';
import { loadScreenTexts } from '../../lib/i18n.ts';
import { closeLogin, useIsLoginOpen } from '../../lib/login-prompt.ts';

/** The login modal is its own chunk, fetched the first time someone needs to sign in. */
// The login's terms and privacy dialogs use the screen texts (lib/i18n-split.ts).
const LoginModal = lazy(() =>
  Promise.all([import('../../features/auth/login-modal.tsx'), loadScreenTexts()]).then(([m]) => ({ default: m.LoginModal })),
);

export function LoginModalHost() {
  const isOpen = useIsLoginOpen();
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal onClose={closeLogin} />
    </Suspense>
  );
}
