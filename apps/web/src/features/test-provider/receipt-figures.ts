import type { ReceiptPage } from '../../api/test-provider/get-receipt-page.ts';

/** A receipt's state, as its badge says: paid, refunded in part, or refunded whole. */
export type ReceiptState = 'paid' | 'partially_refunded' | 'refunded';

export function receiptState(receipt: Pick<ReceiptPage, 'amount' | 'amount_refunded'>): ReceiptState {
  if (receipt.amount_refunded <= 0) return 'paid';
  return receipt.amount_refunded >= receipt.amount ? 'refunded' : 'partially_refunded';
}

/** What the payment comes to after its refunds (minor units). */
export function receiptNet(receipt: Pick<ReceiptPage, 'amount' | 'amount_refunded'>): number {
  return Math.max(0, receipt.amount - receipt.amount_refunded);
}

/** The refunds, oldest first (as a statement reads). */
export function refundsInOrder(refunds: ReceiptPage['refunds']): ReceiptPage['refunds'] {
  return [...refunds].sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
}
