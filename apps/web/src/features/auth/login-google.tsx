import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { checkMobileSession } from '../../api/auth/check-mobile-session.ts';
import { useCreateGoogleAccount } from '../../api/auth/google-new-account.ts';
import { currentUserQueryKey } from '../../api/users/get-current-user.ts';
import {
  googleAuthorizePath,
  googleWindowFeatures,
  isTrustedGoogleMessage,
  newGoogleSessionId,
  watchGoogleSignIn,
  type GoogleFailure,
} from './google-sign-in.ts';

type LoginGoogleProps = { onSignedIn: (user: User) => void };

/** Google's four-colour mark (their button guidelines ask for it beside the text). */
function GoogleMark() {
  return (
    <svg className="login-google__mark" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path fill="#EA4335" d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z" />
      <path fill="#4285F4" d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z" />
      <path fill="#FBBC05" d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z" />
      <path fill="#34A853" d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z" />
    </svg>
  );
}

/**
 * Step 1's Google button and 'or' divider (accounts §2), shown when the server has Google
 * sign-in configured. Opens the 500x600 auth window and waits for it (google-sign-in.ts).
 */
export function LoginGoogle({ onSignedIn }: LoginGoogleProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const messageId = useId();
  const [isWaiting, setIsWaiting] = useState(false);
  const [failure, setFailure] = useState<GoogleFailure | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const createAccount = useCreateGoogleAccount();

  useEffect(() => () => stopRef.current?.(), []);

  function start() {
    stopRef.current?.();
    setFailure(null);
    const sessionId = newGoogleSessionId();
    const origin = window.location.origin;
    const features = googleWindowFeatures({ left: window.screenX, top: window.screenY, width: window.outerWidth, height: window.outerHeight });
    const popup = window.open(googleAuthorizePath(sessionId, origin, Date.now()), 'planns-google', features);
    if (!popup) {
      setFailure('unavailable');
      return;
    }
    setIsWaiting(true);
    const onMessage = (event: MessageEvent) => {
      if (isTrustedGoogleMessage(event, origin, popup)) watch.nudge((event.data as { status: string }).status === 'error');
    };
    const watch = watchGoogleSignIn(
      sessionId,
      popup,
      {
        check: (id) => checkMobileSession(id),
        setTimer: (run, ms) => window.setTimeout(run, ms),
        clearTimer: (timer) => window.clearTimeout(timer as number),
      },
      (outcome) => {
        window.removeEventListener('message', onMessage);
        stopRef.current = null;
        setIsWaiting(false);
        if ('user' in outcome) {
          queryClient.setQueryData(currentUserQueryKey, outcome.user);
          onSignedIn(outcome.user);
        } else {
          setFailure(outcome.failure);
        }
      },
    );
    window.addEventListener('message', onMessage);
    stopRef.current = () => {
      watch.stop();
      window.removeEventListener('message', onMessage);
    };
  }

  const message =
    failure === 'closed'
      ? t('login.google.closed')
      : failure === 'timeout'
        ? t('login.google.timeout')
        : failure === 'failed'
          ? t('login.google.failed')
          : failure === 'link_required'
            ? t('login.google.linkRequired')
            : failure === 'unavailable'
              ? t('login.google.loginFailed')
              : null;

  return (
    <div className="login-google">
      <button
        type="button"
        className="btn btn--secondary btn--block login-google__button"
        onClick={start}
        disabled={isWaiting}
        aria-describedby={message ? messageId : undefined}
      >
        <GoogleMark />
        <span>{isWaiting ? t('login.google.waiting') : t('login.google.continue')}</span>
      </button>
      {message ? (
        <p id={messageId} role="alert" className={failure === 'link_required' ? 'login-google__note' : 'login-google__error'}>
          {message}
        </p>
      ) : null}
      {failure === 'link_required' ? (
        // Or keep the Google account apart, in a new account of its own (decision 0040).
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={createAccount.isPending}
          onClick={() =>
            createAccount.mutate(undefined, {
              onSuccess: (user) => {
                setFailure(null);
                onSignedIn(user);
              },
              onError: () => setFailure('failed'),
            })
          }
        >
          {t('login.google.newAccount')}
        </button>
      ) : null}
      <div className="login-divider">
        <span>{t('login.google.or')}</span>
      </div>
    </div>
  );
}
