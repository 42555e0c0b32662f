import type { Event } from '@planns/shared/events/events.schemas';
import { isPastEvent } from '@planns/shared/events/events.rules';

/** My plans' five tabs (events §2), in their order. */
export const MY_EVENTS_TABS = ['joined', 'community', 'pending', 'mine', 'liked'] as const;
export type MyEventsTab = (typeof MY_EVENTS_TABS)[number];

export function isMyEventsTab(value: unknown): value is MyEventsTab {
  return typeof value === 'string' && (MY_EVENTS_TABS as readonly string[]).includes(value);
}

/*
 * The selected tab is remembered for the life of the browser tab, as the events list keeps its
 * filters (features/events/list/event-filters.ts): a module value outlives the screen, not a reload.
 */
let rememberedTab: MyEventsTab = 'joined';

export function readRememberedTab(): MyEventsTab {
  return rememberedTab;
}

export function rememberTab(tab: MyEventsTab): void {
  rememberedTab = tab;
}

/** Coming and under-way events soonest first, then past ones (events.rules isPastEvent) newest first. */
export function splitByTime(events: readonly Event[], now: Date): { upcoming: Event[]; past: Event[] } {
  const upcoming: Event[] = [];
  const past: Event[] = [];
  for (const event of events) (isPastEvent(event, now) ? past : upcoming).push(event);
  const start = (event: Event) => new Date(event.start_date).getTime();
  upcoming.sort((a, b) => start(a) - start(b) || a.id - b.id);
  past.sort((a, b) => start(b) - start(a) || b.id - a.id);
  return { upcoming, past };
}

/**
 * Pending: invited and not answered. The server lists the invitations (`invited=1`); this keeps an
 * event the user has just answered (here or on its page) off the tab until the list reloads.
 */
export function isPending(event: Event): boolean {
  return !event.is_owner && !event.is_joined && !event.is_maybe && !event.is_rejected;
}

export function isLiked(event: Event): boolean {
  return event.is_liked;
}

/** The 'joined' tab: events the user goes to or may go to. */
export function isGoingOrMaybe(event: Event): boolean {
  return event.is_joined || event.is_maybe;
}

/** The community list's `users` value: the followed people still switched on, in a stable order. */
export function activeUserIds(followedIds: readonly number[], inactive: ReadonlySet<number>): number[] {
  return followedIds.filter((id) => !inactive.has(id)).sort((a, b) => a - b);
}

/** Taps a person on the community row: on becomes off, off becomes on. */
export function toggleInactive(inactive: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(inactive);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
