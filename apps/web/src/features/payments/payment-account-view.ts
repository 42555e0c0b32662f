import type { PaymentAccountStatus } from '@planns/shared/payments/payments.rules';
import type { PaymentAccount } from '@planns/shared/payments/payments.schemas';

/** The four things the provider must say of an account, in the order a person meets them. */
export const ACCOUNT_CHECKS = ['details_submitted', 'terms_accepted', 'charges_enabled', 'payouts_enabled'] as const;
export type AccountCheck = (typeof ACCOUNT_CHECKS)[number];

/**
 * What the person must do next (accounts §4 none -> created -> inactive -> active):
 * - create: no account yet; give a payment email.
 * - startVerification: created, onboarding not begun: open verification at the provider.
 * - acceptTerms: details submitted, terms not accepted: open verification again to accept them.
 * - waitForReview: terms and details done, charges not enabled yet: the provider is checking.
 * - enablePayouts: active (tickets sell), but payouts are off: bank details at the provider.
 * - none: verified, nothing to do.
 */
export type AccountNextStep = 'create' | 'startVerification' | 'acceptTerms' | 'waitForReview' | 'enablePayouts' | 'none';

export type AccountView = {
  status: PaymentAccountStatus;
  checks: { check: AccountCheck; isDone: boolean }[];
  /** The checks not done yet, in order. */
  missing: AccountCheck[];
  nextStep: AccountNextStep;
  /** Verification (the hosted onboarding) has something left to do. */
  canVerify: boolean;
  /** The provider's dashboard opens once onboarding was submitted (the server's rule). */
  canOpenDashboard: boolean;
};

function isDone(account: PaymentAccount, check: AccountCheck): boolean {
  switch (check) {
    case 'details_submitted':
      return account.details_submitted;
    case 'terms_accepted':
      return account.tos_acceptance.date !== null;
    case 'charges_enabled':
      return account.charges_enabled;
    case 'payouts_enabled':
      return account.payouts_enabled;
  }
}

function nextStepOf(account: PaymentAccount, missing: readonly AccountCheck[]): AccountNextStep {
  if (account.status === 'created' || !account.details_submitted) return 'startVerification';
  if (account.status === 'active') return missing.includes('payouts_enabled') ? 'enablePayouts' : 'none';
  if (missing.includes('terms_accepted')) return 'acceptTerms';
  return 'waitForReview';
}

/** What the account screens show of an account (null: none) and what the person must do next. */
export function describeAccount(account: PaymentAccount | null): AccountView {
  if (!account) {
    return { status: 'none', checks: ACCOUNT_CHECKS.map((check) => ({ check, isDone: false })), missing: [...ACCOUNT_CHECKS], nextStep: 'create', canVerify: false, canOpenDashboard: false };
  }
  const checks = ACCOUNT_CHECKS.map((check) => ({ check, isDone: isDone(account, check) }));
  const missing = checks.filter((c) => !c.isDone).map((c) => c.check);
  const nextStep = nextStepOf(account, missing);
  return {
    status: account.status,
    checks,
    missing,
    nextStep,
    canVerify: nextStep === 'startVerification' || nextStep === 'acceptTerms' || nextStep === 'waitForReview',
    canOpenDashboard: account.details_submitted,
  };
}

/** The holder's name as the provider has it, or null. */
export function accountHolderName(account: PaymentAccount): string | null {
  const name = [account.individual.first_name, account.individual.last_name].filter(Boolean).join(' ');
  return name || null;
}
