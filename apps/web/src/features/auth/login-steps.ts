import { isNameValid } from '@planns/shared/users/users.rules';
import type { User } from '@planns/shared/users/users.schemas';

export const LOGIN_STEP_COUNT = 5;
export type LoginStep = 1 | 2 | 3 | 4 | 5;

/** The step indicator ("Step 3 of 5") shows from step 3 (accounts §2). */
export const STEP_INDICATOR_FROM: LoginStep = 3;

/** After any login: name and avatar -> finish; no name -> step 3; else step 4 (accounts §4). */
export function stepAfterAuth(user: Pick<User, 'name' | 'avatar'>): 'finish' | 3 | 4 {
  if (!isNameValid(user.name ?? '')) return 3;
  if (!user.avatar) return 4;
  return 'finish';
}

/**
 * Back goes one step down and closes at step 1. Once signed in (step 3 on) the code steps are
 * behind the user, so back never goes below step 3; the back button is hidden at step 3.
 */
export function previousStep(step: LoginStep): LoginStep | 'close' | null {
  if (step === 1) return 'close';
  if (step === 3) return null;
  return (step - 1) as LoginStep;
}

/** The pages that reload after login, to show the signed-in version (accounts §4). */
export function reloadsAfterLogin(pathname: string): boolean {
  return pathname === '/my-user' || pathname.startsWith('/profile/');
}
