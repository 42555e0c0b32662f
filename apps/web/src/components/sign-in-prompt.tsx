import type { ReactNode } from 'react';
import { requireLogin } from '../lib/login-prompt.ts';
import type { RememberedAction } from '../lib/remembered-actions.ts';
import { PageHeader } from './page-header.tsx';
import { Spinner } from './spinner.tsx';

export type SignInPromptProps = {
  /** The screen's icon, 32 px. */
  icon: ReactNode;
  /** Why to sign in ('Sign in to see your friends'). */
  text: string;
  signInLabel: string;
  /** What to do after the login (accounts §3 remembered actions); none by default. */
  action?: RememberedAction;
};

/** A screen for signed-in people, seen signed out: its icon, why to sign in, and the button that opens the login. */
export function SignInPrompt({ icon, text, signInLabel, action }: SignInPromptProps) {
  return (
    <div className="state-screen state-screen--inline">
      <span className="empty-state__icon">{icon}</span>
      <p className="state-screen__text">{text}</p>
      <button type="button" className="btn btn--primary" onClick={() => requireLogin(action)}>
        {signInLabel}
      </button>
    </div>
  );
}

type SignedOutScreenProps = { className: string; title: string; isLoading: boolean; signedOut: SignInPromptProps };

/**
 * A whole screen for signed-in people while it has no user: a spinner while the session loads,
 * then the screen's title and the sign-in prompt.
 */
export function SignedOutScreen({ className, title, isLoading, signedOut }: SignedOutScreenProps) {
  if (isLoading) {
    return (
      <div className="route-loading">
        <Spinner />
      </div>
    );
  }
  return (
    <div className={className}>
      <PageHeader title={title} />
      <SignInPrompt {...signedOut} />
    </div>
  );
}
