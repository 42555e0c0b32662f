import type { PayoutCountry } from '@planns/shared/payments/payments.rules';
import type { DemoCity } from '../config.ts';
import type { AppDeps } from '../deps.ts';
import type { Actor } from '../http/actor.ts';
import * as events from '../modules/events/events.service.ts';
import * as accounts from '../modules/payments/payment-accounts.service.ts';
import * as payments from '../modules/payments/payments.service.ts';
import { TestPaymentsProvider } from '../providers/payments/test-payments.ts';
import { DEMO_CITY_DATA } from './demo-cities.ts';
import { DEMO_USERS } from './demo-seed.ts';

/**
 * The country of each demo city's organisers' payout accounts: one where Stripe opens them
 * (PAYOUT_COUNTRIES); Israel and Russia are not, so their demo sellers bank in the US.
 */
const CITY_COUNTRY: Record<DemoCity, PayoutCountry> = { barcelona: 'ES', madrid: 'ES', new_york: 'US', tel_aviv: 'US', tokyo: 'JP', moscow: 'US' };

/**
 * With the test provider: every demo person who sells tickets gets a verified payout account,
 * opened and onboarded through the same calls a person makes (the provider's account.updated
 * events applied as webhooks are), and each paid demo event its product and prices, so the demo's
 * paid events can be bought at once. Once: skipped when any demo person already has an account.
 * Never with Stripe (it would open real connected accounts). Returns a summary, or null.
 */
export async function seedDemoPayments(deps: AppDeps): Promise<string | null> {
  const provider = deps.payments;
  if (!(provider instanceof TestPaymentsProvider)) return null;
  const people = await deps.db.selectFrom('users').select(['id', 'phone']).where('phone', 'in', DEMO_USERS.map((u) => u.phone)).execute();
  if (people.length === 0) return null;
  const ids = people.map((p) => p.id);
  const opened = await deps.db.selectFrom('payment_accounts').select('id').where('user_id', 'in', ids).limit(1).execute();
  if (opened.length > 0) return null;
  const paid = await deps.db
    .selectFrom('events')
    .select(['id', 'user_id'])
    .where('user_id', 'in', ids)
    .where('currency', 'is not', null)
    .where('deleted_by_moderator_at', 'is', null)
    .orderBy('id')
    .execute();
  const sellers = [...new Set(paid.map((e) => e.user_id))];
  const city = deps.config.DEMO_CITY;
  let products = 0;
  for (const userId of sellers) {
    const demo = DEMO_USERS.find((u) => u.phone === people.find((p) => p.id === userId)?.phone)!;
    const actor: Actor = { userId, isModerator: false, sessionId: 0, via: 'bearer' };
    const accountId = await accounts.createAccount(deps, actor, demo.email);
    const [firstName = demo.name, ...rest] = demo.name.split(' ');
    const { events: reported } = await provider.onboard(accountId, {
      business_type: 'individual',
      first_name: firstName,
      last_name: rest.join(' ') || firstName,
      country: CITY_COUNTRY[city],
      default_currency: DEMO_CITY_DATA[city].currency,
      accept_terms: true,
    });
    await payments.applyTestProviderEvents(deps, reported);
    for (const event of paid.filter((e) => e.user_id === userId)) {
      await payments.syncPricing(deps, await events.loadManagedPricing(deps, actor, event.id));
      products += 1;
    }
  }
  return sellers.length > 0 ? `${sellers.length} verified demo payout accounts with ${products} paid events on sale` : null;
}
