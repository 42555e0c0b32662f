import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '@planns/shared/users/users.schemas';
import { useCurrentUser } from '../api/users/get-current-user.ts';
import { useErrorMessage } from '../lib/error-messages.ts';
import { SignInPrompt, type SignInPromptProps } from './sign-in-prompt.tsx';
import { Spinner } from './spinner.tsx';

type SignedInContentProps = {
  /** What the prompt shows to someone signed out. */
  signedOut: SignInPromptProps;
  children: (user: User) => ReactNode;
};

/**
 * The part of a screen for signed-in people under its title: a spinner while the session loads,
 * its error with Retry, the sign-in prompt when signed out, and else `children(user)`.
 */
export function SignedInContent({ signedOut, children }: SignedInContentProps) {
  const { t } = useTranslation();
  const { user, isLoading, query } = useCurrentUser();
  const errorMessage = useErrorMessage();

  if (isLoading) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }
  // A failed refetch keeps the user it had (offline at the door): only a first load's failure shows.
  if (query.isError && user === undefined) {
    return (
      <div className="state-screen state-screen--inline" role="alert">
        <p className="state-screen__text">{errorMessage(query.error)}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  if (!user) return <SignInPrompt {...signedOut} />;
  return children(user);
}
