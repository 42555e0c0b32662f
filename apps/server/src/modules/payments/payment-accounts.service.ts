import type { RawBuilder } from 'kysely';
import { PAYMENT_MESSAGES as M, accountStatus, type PaymentAccountStatus } from '@planns/shared/payments/payments.rules';
import type { PaymentAccount } from '@planns/shared/payments/payments.schemas';
import { inTransaction, type Executor, type IdSet, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { ProviderError, type ProviderAccount } from '../../providers/payments/payments-provider.ts';
import { presentPaymentAccount } from './payments.presenter.ts';
import * as repo from './payments.repo.ts';

/**
 * Payout accounts (accounts §4: none -> created -> inactive -> active; disconnect -> none).
 * Only the person themselves sees or changes their account. This file does not depend on the
 * events module (events asks it who is approved); payments.service.ts, which does, holds the
 * use cases that touch events (disconnect, products, payment modes).
 */

export const noAccount = () => notFound(M.noAccount);

/** The provider failed: nothing was changed (the answer says to try again). */
export function providerFailed(err: unknown, message: string = M.providerUnavailable): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ProviderError) return new AppError('provider_unavailable', message, undefined, undefined, { cause: err });
  throw err;
}

const flagsOf = (row: repo.PaymentAccountRow) => ({
  tos_accepted: row.tos_accepted_at !== null,
  details_submitted: row.details_submitted,
  charges_enabled: row.charges_enabled,
});

export function statusOf(row: repo.PaymentAccountRow | undefined): PaymentAccountStatus {
  return row ? accountStatus(flagsOf(row)) : 'none';
}

/* ------------------------------------------------------------------ for other modules */

/** Of these people, those whose payout account is active (the events' creator.stripe_approved): a statement (rows: user_id), for a caller reading it with others. */
export const approvedUserIdsQuery = (db: Executor, userIds: IdSet) => repo.approvedUserIdsQuery(db, Array.isArray(userIds) ? [...new Set(userIds)] : userIds);

/** The state of the person's payout account ('none' without one). */
export async function accountStatusOf(db: Executor, userId: number): Promise<PaymentAccountStatus> {
  return statusOf(await repo.findLiveAccount(db, userId));
}

/** The person's live account's provider id and whether it is active (the user's stripe_id and stripe_approved). */
export async function payoutAccountOf(db: Executor, userId: number): Promise<{ accountId: string | null; isActive: boolean }> {
  const row = await repo.findLiveAccount(db, userId);
  return { accountId: row?.account_id ?? null, isActive: statusOf(row) === 'active' };
}

/** The person's live account's provider id, when it is active; else null. */
export async function activeAccountId(db: Executor, userId: number): Promise<string | null> {
  const row = await repo.findLiveAccount(db, userId);
  return row && statusOf(row) === 'active' ? row.account_id : null;
}

/**
 * activeAccountId read inside another module's statement: `activeAccountSql(person)` selects the
 * person's live account there (the person an expression of that statement), and
 * `activeAccountFrom(value)` answers what activeAccountId would.
 */
export function activeAccountSql(userId: RawBuilder<number>): RawBuilder<unknown> {
  return repo.liveAccountJsonSql(userId);
}

export function activeAccountFrom(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const row = value as repo.PaymentAccountRow;
  return statusOf(row) === 'active' ? row.account_id : null;
}

/* ------------------------------------------------------------------ use cases */

/**
 * POST payments {email}: opens a payout account at the provider. One live account per person; a
 * retry, or two requests at once, make one account (the idempotency key names the person and how
 * many accounts they had; the partial unique index keeps one live row).
 */
export async function createAccount(deps: AppDeps, actor: Actor, email: string): Promise<string> {
  if (await repo.findLiveAccount(deps.db, actor.userId)) throw new AppError('conflict', M.accountExists);
  const generation = await repo.countAccounts(deps.db, actor.userId);
  let account: ProviderAccount;
  try {
    account = await deps.payments.createAccount({ email, userId: actor.userId, idempotencyKey: `planns-account-${actor.userId}-${generation}` });
  } catch (err) {
    throw providerFailed(err, M.createFailed);
  }
  const inserted = await repo.insertAccount(deps.db, { user_id: actor.userId, provider: deps.payments.name, account, email, now: deps.clock.now() });
  if (inserted) return inserted.account_id;
  const live = await repo.findLiveAccount(deps.db, actor.userId);
  if (!live) throw new AppError('conflict', M.accountExists);
  return live.account_id;
}

/**
 * GET payments/info: the account as the provider last described it. While it is not active the
 * provider is asked again (a webhook may be late), through the same code that applies webhooks;
 * if it cannot be reached, the last known state is answered.
 */
export async function getAccount(deps: AppDeps, actor: Actor): Promise<PaymentAccount> {
  let row = await repo.findLiveAccount(deps.db, actor.userId);
  if (!row) throw noAccount();
  if (statusOf(row) !== 'active') {
    try {
      const current = await deps.payments.retrieveAccount(row.account_id);
      await inTransaction(deps.db, (tx) => applyProviderAccount(tx, deps.payments.name, current, deps.clock.now(), deps.clock.now()));
      row = (await repo.findLiveAccount(deps.db, actor.userId)) ?? row;
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
    }
  }
  return presentPaymentAccount(row, accountStatus(flagsOf(row)));
}

/** GET payments/url: a fresh link to the provider's hosted onboarding (verification). */
export async function onboardingUrl(deps: AppDeps, actor: Actor): Promise<string> {
  const row = await repo.findLiveAccount(deps.db, actor.userId);
  if (!row) throw noAccount();
  const base = deps.config.publicUrl;
  try {
    return await deps.payments.createOnboardingLink(row.account_id, {
      refreshUrl: new URL('/stripe-settings?onboarding=refresh', base).toString(),
      returnUrl: new URL('/stripe_registered', base).toString(),
    });
  } catch (err) {
    throw providerFailed(err, M.verificationUrlFailed);
  }
}

/**
 * GET payments/login-url?redirect_url=: a link to the account's dashboard. The way back may only
 * lead to planns' own site (an open redirect otherwise); the dashboard opens once onboarding was
 * submitted, as Stripe's Express dashboard does.
 */
export async function dashboardUrl(deps: AppDeps, actor: Actor, redirectUrl: string | undefined): Promise<string> {
  let redirect: string | null = null;
  if (redirectUrl !== undefined && redirectUrl !== '') {
    let parsed: URL | null;
    try {
      parsed = new URL(redirectUrl);
    } catch {
      parsed = null;
    }
    if (!parsed || parsed.origin !== deps.config.publicUrl.origin) {
      throw new AppError('validation_failed', 'Some fields are not valid', { redirect_url: M.redirectNotAllowed });
    }
    redirect = parsed.toString();
  }
  const row = await repo.findLiveAccount(deps.db, actor.userId);
  if (!row) throw noAccount();
  if (!row.details_submitted) throw new AppError('payment_account_required', M.accountNotActive);
  try {
    return await deps.payments.createDashboardLink(row.account_id, redirect);
  } catch (err) {
    throw providerFailed(err, M.loginUrlFailed);
  }
}

/**
 * Applies what the provider says of an account (account.updated, or a fresh retrieve), unless a
 * later report was already applied. The only writer of an account's state.
 */
export async function applyProviderAccount(tx: Tx, provider: 'test' | 'stripe', account: ProviderAccount, reportedAt: Date, now: Date): Promise<boolean> {
  const row = await repo.findAccountByProviderId(tx, provider, account.id, { forUpdate: true });
  if (!row) return false; // not an account of planns'
  // The provider dates its events to the second: a report of the same second as the last one
  // applied is not older, and the later applied wins.
  const second = new Date(Math.floor(reportedAt.getTime() / 1000) * 1000);
  return repo.applyAccountState(tx, row.id, account, second, now);
}

/** The account with this provider id, as its owner sees it (null: not one of planns'). */
export async function accountOfProviderId(db: Executor, provider: 'test' | 'stripe', accountId: string): Promise<PaymentAccount | null> {
  const row = await repo.findAccountByProviderId(db, provider, accountId);
  return row ? presentPaymentAccount(row, accountStatus(flagsOf(row))) : null;
}

/** Who holds the account with this provider id, while it is connected (null otherwise). */
export async function ownerOfProviderAccount(db: Executor, provider: 'test' | 'stripe', accountId: string): Promise<number | null> {
  const row = await repo.findAccountByProviderId(db, provider, accountId);
  return row && row.disconnected_at === null ? row.user_id : null;
}

/** The name a checkout shows for the account it pays (the holder's name, else its email). */
export async function displayNameOfProviderAccount(db: Executor, provider: 'test' | 'stripe', accountId: string): Promise<string | null> {
  const row = await repo.findAccountByProviderId(db, provider, accountId);
  if (!row) return null;
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return name || row.email;
}
