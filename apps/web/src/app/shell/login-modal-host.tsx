import { lazy, Suspense } from 'react';
import { closeLogin, useIsLoginOpen } from '../../lib/login-prompt.ts';

/** The login modal is its own chunk, fetched the first time someone needs to sign in. */
const LoginModal = lazy(() => import('../../features/login/login-modal.tsx').then((m) => ({ default: m.LoginModal })));

export function LoginModalHost() {
  const isOpen = useIsLoginOpen();
  if (!isOpen) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal onClose={closeLogin} />
    </Suspense>
  );
}
