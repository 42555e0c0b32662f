import type { Actor } from '../../http/actor.ts';

/**
 * Who may do what with payments (accounts §6, events §6; decision 0028). A payout account is its
 * owner's alone: every account call acts on the caller's own account, so no other person can
 * reach one. An event's payment setup is for those who manage the event (events.service checks
 * that); these are the rules beyond it.
 */

/** Selling through planns' own account is for planns' staff (moderators); the organiser's own account, for anyone managing the event. */
export function canChoosePaymentMode(actor: Actor, mode: 'own' | 'planns'): boolean {
  return mode === 'own' || actor.isModerator;
}

/** A person's payments received: theirs only. */
export function canSeePayments(actor: Actor, userId: number): boolean {
  return actor.userId === userId;
}
