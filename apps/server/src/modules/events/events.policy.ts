import type { Actor } from '../../http/actor.ts';

/** Who may do what with an event (events spec §6; docs/decisions/0009-event-visibility.md). */
type EventFacts = { user_id: number; is_visible: boolean };

/** Lists and pages follow the visibility rule; moderators may also open any event page. */
export function canViewEvent(actor: Actor | null, event: EventFacts): boolean {
  return event.is_visible || (actor?.isModerator ?? false);
}

export function isEventOwner(actor: Actor | null, event: Pick<EventFacts, 'user_id'>): boolean {
  return actor !== null && actor.userId === event.user_id;
}

/** Edit, clone, and the control menu: the owner, or a moderator on any event. */
export function canManageEvent(actor: Actor | null, event: Pick<EventFacts, 'user_id'>): boolean {
  return isEventOwner(actor, event) || (actor?.isModerator ?? false);
}

/** DELETE events/{id}: the owner only (moderators use the moderator path, which flags). */
export function canDeleteEvent(actor: Actor | null, event: Pick<EventFacts, 'user_id'>): boolean {
  return isEventOwner(actor, event);
}

export function canModerate(actor: Actor | null): boolean {
  return actor?.isModerator ?? false;
}

/** Address, link and exact coordinates: signed-in viewers only. */
export function canSeeLocation(actor: Actor | null): boolean {
  return actor !== null;
}

/** The organiser's phone (WhatsApp contact): signed-in viewers, when the organiser allows it. */
export function canSeeCreatorPhone(actor: Actor | null, event: { allow_whatsapp: boolean }): boolean {
  return actor !== null && event.allow_whatsapp;
}
