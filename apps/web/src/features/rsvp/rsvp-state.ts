import type { Event } from '@planns/shared/events/events.schemas';
import { isAlmostFull, isFull } from '@planns/shared/rsvp/rsvp.rules';
import type { JoinBody, RejectBody } from '@planns/shared/rsvp/rsvp.schemas';

/**
 * The RSVP block's pure rules (events §4 "RSVP", "Join flow steps" step 1): which buttons show,
 * what the sheet starts with, and the request the sheet's state makes.
 */

/** The join flow's actions: going, maybe (a join marked maybe) and not going. */
export const RSVP_ACTIONS = ['join', 'maybe', 'reject'] as const;
export type RsvpAction = (typeof RSVP_ACTIONS)[number];

/** The event page's query parameter that opens the join sheet (the remembered open_join). */
export const OPEN_JOIN_PARAM = 'open_join';

export function parseRsvpAction(value: unknown): RsvpAction | null {
  return typeof value === 'string' && (RSVP_ACTIONS as readonly string[]).includes(value) ? (value as RsvpAction) : null;
}

/** The viewer's answer as a flow action, or null when they have not answered. */
export function currentRsvpAction(event: Pick<Event, 'is_joined' | 'is_maybe' | 'is_rejected'>): RsvpAction | null {
  if (event.is_joined) return 'join';
  if (event.is_maybe) return 'maybe';
  if (event.is_rejected) return 'reject';
  return null;
}

/** How many companions the viewer brings, read from their own row in the going or maybe list. */
export function ownCompanionsAmount(event: Pick<Event, 'users' | 'doubt_users'>, viewerId: number | null): number {
  if (viewerId === null) return 0;
  const own = event.users.find((p) => p.id === viewerId) ?? event.doubt_users.find((p) => p.id === viewerId);
  return Math.max(0, own?.companions_amount ?? 0);
}

export type RsvpCapacity = 'full' | 'almostFull' | null;

/** 'Full' at max, 'almost full' above 70% of it (attendees plus companions). */
export function rsvpCapacity(event: Pick<Event, 'attendees_count' | 'max'>): RsvpCapacity {
  if (isFull(event.attendees_count, event.max)) return 'full';
  if (isAlmostFull(event.attendees_count, event.max)) return 'almostFull';
  return null;
}

export type RsvpButtons =
  /** No answer possible: the event was deleted by a moderator, or it is full and the viewer is not responding. */
  | { kind: 'none' }
  /** Unanswered: Going / Maybe / Not going. */
  | { kind: 'choices' }
  /** Answered: one button showing the answer (Going (+N) / Maybe / Not going). */
  | { kind: 'current'; action: RsvpAction; companionsAmount: number };

export function rsvpButtons(event: Event, viewerId: number | null): RsvpButtons {
  if (event.deleted_by_moderator) return { kind: 'none' };
  const action = currentRsvpAction(event);
  if (action === null) return rsvpCapacity(event) === 'full' ? { kind: 'none' } : { kind: 'choices' };
  return { kind: 'current', action, companionsAmount: action === 'reject' ? 0 : ownCompanionsAmount(event, viewerId) };
}

/**
 * The ids of the companions the viewer brings (the event's my_companions), or null when they
 * cannot be told. The older fallbacks (the owner's author_companions, what this browser last
 * sent, the count itself) remain for replies that carry no my_companions.
 */
export function knownCompanionIds(input: {
  event: Event;
  viewerId: number | null;
  /** What this browser last sent for this event, if anything. */
  lastSent: readonly number[] | null;
  /** The viewer's companions, once loaded. */
  available: readonly number[] | null;
}): number[] | null {
  const { event, viewerId, lastSent, available } = input;
  const action = currentRsvpAction(event);
  if (action !== 'join' && action !== 'maybe') return [];
  const amount = ownCompanionsAmount(event, viewerId);
  if (amount === 0) return [];
  const stillThere = (ids: readonly number[]) => (available === null ? [...ids] : ids.filter((id) => available.includes(id)));
  if (event.my_companions.length === amount) return stillThere(event.my_companions);
  if (event.is_owner && event.author_companions.length === amount) return stillThere(event.author_companions);
  if (lastSent !== null && lastSent.length === amount) return stillThere(lastSent);
  if (available !== null && available.length === amount) return [...available];
  return null;
}

/** The sheet's state: the chosen action, the companions (join and maybe) and the note (reject). */
export type RsvpSheetState = {
  action: RsvpAction;
  companions: readonly number[];
  note: string;
  /** Add the event to the connected Google Calendar (the join payload's use_google_calendar; CALENDAR_PROVIDER=google). */
  useGoogleCalendar?: boolean;
};

/** The action the sheet opens with: the button's, else the viewer's answer, else going. */
export function initialRsvpAction(event: Event, preselected: RsvpAction | null): RsvpAction {
  return preselected ?? currentRsvpAction(event) ?? 'join';
}

/** Whether another companion may be ticked (the event's max_companions; null is no limit). */
export function canAddCompanion(selected: readonly number[], maxCompanions: number | null): boolean {
  return maxCompanions === null || selected.length < maxCompanions;
}

export type RsvpRequest = { kind: 'join'; body: JoinBody } | { kind: 'reject'; body: RejectBody };

/**
 * The call the sheet's state makes: going or maybe send a join (maybe marked) with the ticked
 * companions that are still the viewer's; not going sends a rejection with the trimmed note.
 * The Google Calendar choice goes with a join only (events §3 join payload).
 */
export function buildRsvpRequest(state: RsvpSheetState, available: readonly number[] | null = null): RsvpRequest {
  if (state.action === 'reject') return { kind: 'reject', body: { note: state.note.trim() } };
  const companions = [...new Set(state.companions)].filter((id) => available === null || available.includes(id));
  return { kind: 'join', body: { maybe: state.action === 'maybe', companions, note: '', use_google_calendar: state.useGoogleCalendar ?? false } };
}

/** Whether an answer already is what the action would send (a resumed RSVP then sends nothing). */
export function isAnswered(event: Pick<Event, 'is_joined' | 'is_maybe' | 'is_rejected'>, action: RsvpAction): boolean {
  return currentRsvpAction(event) === action;
}

/** The event page's address, opening the join sheet when `openJoin` is given ('1': no preselected action). */
export function eventPagePath(ref: string | number, openJoin?: RsvpAction | '1'): string {
  const path = `/events/${encodeURIComponent(String(ref))}`;
  return openJoin ? `${path}?${OPEN_JOIN_PARAM}=${openJoin}` : path;
}

/** Reads the open_join parameter: absent, or present with an optional preselected action. */
export function readOpenJoinParam(search: URLSearchParams): { isPresent: false } | { isPresent: true; action: RsvpAction | null } {
  const value = search.get(OPEN_JOIN_PARAM);
  return value === null ? { isPresent: false } : { isPresent: true, action: parseRsvpAction(value) };
}
