import type { PaymentAccountStatus } from '@planns/shared/payments/payments.rules';
import type { Payment, PaymentAccount } from '@planns/shared/payments/payments.schemas';
import type { Currency } from '@planns/shared/money/money.rules';
import type { PaymentAccountRow, PaymentListRow } from './payments.repo.ts';

/** The payout account as its owner sees it (accounts §3 payment provider account info). */
export function presentPaymentAccount(row: PaymentAccountRow, status: Exclude<PaymentAccountStatus, 'none'>): PaymentAccount {
  return {
    id: row.account_id,
    provider: row.provider,
    email: row.email,
    country: row.country,
    default_currency: row.default_currency,
    business_type: row.business_type,
    individual: { first_name: row.first_name, last_name: row.last_name },
    tos_acceptance: { date: row.tos_accepted_at ? Math.floor(row.tos_accepted_at.getTime() / 1000) : null },
    details_submitted: row.details_submitted,
    charges_enabled: row.charges_enabled,
    payouts_enabled: row.payouts_enabled,
    status,
    is_active: status === 'active',
  };
}

/** A payment received (accounts §3 'Payment (host list)'): created in Unix seconds. */
export function presentPayment(row: PaymentListRow): Payment {
  return {
    id: row.id,
    amount: row.amount,
    application_fee_amount: row.application_fee_amount,
    currency: row.currency as Currency,
    created: Math.floor(row.created_at.getTime() / 1000),
    status: row.status,
    kind: row.kind,
    event: row.event_id !== null && row.event_hash !== null && row.event_name !== null ? { id: row.event_id, hash: row.event_hash, name: row.event_name } : null,
    payer: row.payer_id !== null ? { id: row.payer_id, name: row.payer_name } : null,
    receipt_url: row.receipt_url,
  };
}
