import type { Actor } from '../../http/actor.ts';

/** Who may do what with tickets (accounts §2 Check ticket, §4 Ticket, §6). */

/** Mark used or not used at the door: the event's owner, or a moderator (for any event). */
export function canValidateTicket(actor: Actor | null, event: { owner_id: number }): boolean {
  return actor !== null && (actor.userId === event.owner_id || actor.isModerator);
}

/** A ticket's details: its holder, the event's owner, moderators, and people on the event's lists. */
export function canSeeTicket(actor: Actor | null, ticket: { owner_id: number; holder_id: number | null }, isOnEventLists: boolean): boolean {
  if (actor === null) return false;
  return actor.userId === ticket.holder_id || canValidateTicket(actor, ticket) || isOnEventLists;
}
