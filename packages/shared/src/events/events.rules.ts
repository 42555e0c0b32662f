/** Constants and pure rules of the events area (events spec §4, §5, §9). */
import { parseId } from '../input/ids.rules.ts';
import { AMOUNT_MAX_MINOR } from '../money/money.rules.ts';
import { TICKET_MESSAGES, TICKET_TYPES_MAX } from '../tickets/tickets.rules.ts';

export const EVENT_NAME_MAX_LENGTH = 200;
export const EVENT_DESCRIPTION_MAX_LENGTH = 10_000;
export const EVENT_ADDRESS_MAX_LENGTH = 300;
export const EVENT_VENUE_MAX_LENGTH = 200;
export const EVENT_URL_MAX_LENGTH = 2000;
export const EVENT_ATTENDEES_MAX = 1_000_000;

/** Truncations (events §9). */
export const DESCRIPTION_FULL_LENGTH = 260;
export const DESCRIPTION_CARD_LENGTH = 100;
export const CARD_ADDRESS_LENGTH = 40;
export const PAGE_ADDRESS_LENGTH = 50;
export const CREATE_SUMMARY_LOCATION_LENGTH = 25;
/** The address is shown only when longer than this (events §2). */
export const ADDRESS_MIN_SHOWN_LENGTH = 3;
export const CARD_AVATARS = 3;
/**
 * The list's cards on a phone's first screen (390x844: the header and two cards): their pictures
 * are its largest paint, fetched at once and preloaded from the HTML (issue 16); the rest lazily.
 */
export const FIRST_SCREEN_CARDS = 2;
export const PAGE_AVATARS = 7;

/** Lists (events §7, §9). */
export const EVENTS_PER_PAGE_MAX = 100;
export const EVENTS_PER_PAGE_DEFAULT = 100;
/** Relation limits: friends 20, every other relation 10. */
export const RELATION_LIMIT = 10;
export const FRIENDS_RELATION_LIMIT = 20;

/** Distance filter: 0-100 km in steps of 5; above 95 counts as no limit (events §9). */
export const DISTANCE_MAX_KM = 100;
export const DISTANCE_STEP_KM = 5;
export const DISTANCE_NO_LIMIT_ABOVE_KM = 95;

/** User search starts past this many characters (events §5). */
export const USER_SEARCH_MIN_LENGTH = 3;
/** Event text search needs at least this many characters to filter. */
export const EVENT_SEARCH_MIN_LENGTH = 1;
export const EVENT_SEARCH_MAX_LENGTH = 100;

export const EVENT_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png'] as const;
export const EVENT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const EVENT_IMAGE_MAX_PIXELS = 40_000_000;
/** Stored widths (px): image (full) and m_image (card). */
export const EVENT_IMAGE_WIDTHS = { image: 1200, m_image: 600 } as const;

/* Currencies, prices and ticket types: money/money.rules.ts and tickets/tickets.rules.ts. */

export const EVENT_VISIBILITIES = ['public', 'private', 'friends'] as const;
export type EventVisibility = (typeof EVENT_VISIBILITIES)[number];
export const LOCATION_TYPES = ['in_person', 'virtual'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

export const EVENT_ORDER_BY = ['upcoming', 'start_date', 'created_at', 'trending'] as const;
export type EventOrderBy = (typeof EVENT_ORDER_BY)[number];

/** The spec's messages for the create form (events §5). */
export const EVENT_FIELD_MESSAGES = {
  nameRequired: 'Name is required',
  startRequired: 'Start date is required',
  endBeforeStart: 'End date cannot be before start',
  startAfterEnd: 'Start cannot be after end',
  addressRequired: 'Address is required',
  urlRequired: 'A valid link is required',
  minAboveMax: 'Min cannot exceed max',
  maxBelowMin: 'Max cannot be below min',
  /** Editing: max lower than the people already going with their companions (decision 0024). */
  maxBelowGoing: 'Max cannot be below the number of people already going',
  wholeNumber: 'Enter a whole number, 0 or more',
  imageType: 'Upload a JPEG, GIF or PNG picture',
  notGroupMember: 'You are not a member of this group',
  unknownCategory: 'Unknown category',
  unknownUser: 'User not found',
  unknownCompanion: 'Companion not found',
  dateFormat: 'Use YYYY-MM-DD HH:mm:ss (UTC)',
  currencyRequired: TICKET_MESSAGES.currencyRequired,
  priceRequired: TICKET_MESSAGES.ticketPriceRequired,
  ticketNameRequired: TICKET_MESSAGES.ticketNameRequired,
  duplicateTicketTypeName: TICKET_MESSAGES.duplicateTicketTypeName,
  tooManyTicketTypes: TICKET_MESSAGES.tooMany(TICKET_TYPES_MAX),
  /** A price is a whole number of the currency's minor units (decision 0027). */
  priceWhole: 'Enter the price in whole minor units of the currency (cents)',
  priceTooHigh: `The price can be at most ${AMOUNT_MAX_MINOR} minor units`,
  /** One currency per event: every ticket type uses the event's. */
  oneCurrency: "Every ticket type uses the event's currency",
  ticketQuantity: 'Enter a whole number of tickets, 1 or more, or leave it empty',
  unknownTicketType: 'Unknown ticket type',
} as const;

/** 'YYYY-MM-DD HH:mm:ss' in UTC, the wire format for dates sent by the form (events §5). */
export function formatUtcDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Parses the wire format (UTC) or an ISO 8601 date-time; null when it is not a real instant. */
export function parseUtcDateTime(value: string): Date | null {
  const m = WIRE_DATE.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', zone] = m;
  const iso = `${y}-${mo}-${d}T${h}:${mi}:${s}${zone ? (zone === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone) : 'Z'}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // Reject 2026-02-31 and similar, which Date silently rolls over.
  if (!zone && (date.getUTCDate() !== Number(d) || date.getUTCMonth() + 1 !== Number(mo))) return null;
  return date;
}

/** The form's default start: the next whole hour (events §9). */
export function nextWholeHour(now: Date): Date {
  const d = new Date(now.getTime());
  d.setMinutes(0, 0, 0);
  d.setHours(d.getHours() + 1);
  return d;
}

/** The night, in the device's hours: a start the form offers never falls in it (issue 18). */
export const NIGHT_ENDS_HOUR = 8;
export const EVENING_START_HOUR = 19;

/**
 * The create form's default start (events §9, issue 18): the next whole hour, unless that falls in
 * the night (0:00 to 7:59, the device's time): then 19:00 of that day. At 2 AM nobody means 3 AM.
 */
export function defaultEventStart(now: Date): Date {
  const next = nextWholeHour(now);
  if (next.getHours() >= NIGHT_ENDS_HOUR) return next;
  const evening = new Date(next.getTime());
  evening.setHours(EVENING_START_HOUR, 0, 0, 0);
  return evening;
}

/** Cuts text to `max` characters plus '...' (card address: 40; description: 100 and 260). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}...` : text;
}

/** The event page's address: cut to 50 with '...' when longer than 47 (events §9). */
export function truncatePageAddress(address: string): string {
  const chars = Array.from(address);
  return chars.length > PAGE_ADDRESS_LENGTH - 3 ? `${chars.slice(0, PAGE_ADDRESS_LENGTH - 3).join('')}...` : address;
}

/** The 'more' link shows when the text exceeds the limit minus 5 (events §9). */
export function needsMoreLink(text: string, limit: number): boolean {
  return Array.from(text).length > limit - 5;
}

export function isAddressShown(address: string | null | undefined): boolean {
  return (address ?? '').trim().length > ADDRESS_MIN_SHOWN_LENGTH;
}

/** Distance filter value: null means no limit (above 95 km, or none chosen). */
export function effectiveDistanceKm(distance: number | null | undefined): number | null {
  if (distance === null || distance === undefined || !Number.isFinite(distance)) return null;
  if (distance > DISTANCE_NO_LIMIT_ABOVE_KM) return null;
  return Math.max(0, distance);
}

/** The slider's label: 'Any' above 100 or below 1, 'MAX' above 95, else 'N KM' (events §9). */
export function distanceLabel(distance: number): { kind: 'any' } | { kind: 'max' } | { kind: 'km'; km: number } {
  if (distance > DISTANCE_MAX_KM || distance < 1) return { kind: 'any' };
  if (distance > DISTANCE_NO_LIMIT_ABOVE_KM) return { kind: 'max' };
  return { kind: 'km', km: distance };
}

/** The distance filter counts as active below 96 km. */
export function isDistanceFilterActive(distance: number | null | undefined): boolean {
  return distance !== null && distance !== undefined && distance >= 1 && distance < DISTANCE_NO_LIMIT_ABOVE_KM + 1;
}

/** Min/max attendees: zero becomes empty (events §5). */
export function normaliseAttendeeLimit(value: number | null | undefined): number | null {
  if (value === null || value === undefined || value === 0) return null;
  return value;
}

export function visibilityFromFlags(isPrivate: boolean | undefined, isFriends: boolean | undefined): EventVisibility {
  if (isPrivate) return 'private';
  if (isFriends) return 'friends';
  return 'public';
}

/** Monday-based week: this weekend is the coming (or current) Saturday 00:00 to Monday 00:00 local. */
export function weekendRange(now: Date, which: 'this' | 'next' = 'this'): { from: Date; to: Date } {
  const day = now.getDay(); // 0 Sunday .. 6 Saturday (days 6 and 7 of the week)
  const saturday = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const offset = day === 0 ? -1 : 6 - day;
  saturday.setDate(saturday.getDate() + offset + (which === 'next' ? 7 : 0));
  const monday = new Date(saturday.getFullYear(), saturday.getMonth(), saturday.getDate() + 2);
  return { from: saturday, to: monday };
}

/** Builds a maps directions link (events §2); coordinates win over the address text. */
export function directionsUrl(address: string, lat?: number | null, lng?: number | null): string {
  const destination = lat !== null && lat !== undefined && lng !== null && lng !== undefined ? `${lat},${lng}` : address;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(destination)}`;
}

/** The spec's share link: the event URL by hash, plus group_invite when the event has a group. */
export function eventLink(origin: string, event: { hash: string; group_id: number | null }): string {
  const url = `${origin.replace(/\/$/, '')}/events/${event.hash}`;
  return event.group_id ? `${url}?group_invite=${event.group_id}` : url;
}

/** "hash or id": all digits is an id, anything else a hash. */
export function parseEventRef(ref: string): { id: number } | { hash: string } | null {
  if (/^[0-9]+$/.test(ref)) {
    const id = parseId(ref);
    return id === null ? null : { id };
  }
  return /^[A-Za-z][A-Za-z0-9]{9}$/.test(ref) ? { hash: ref } : null;
}

/**
 * Profile lists (accounts §4): an event is past once it is over: its end has passed, or, with no
 * end date, its start has passed. The spec's client treats a passed start the other way round
 * for events without an end; planns resolves that quirk (docs/decisions/0013-profile-and-past-events.md).
 */
export function isPastEvent(event: { start_date: string; end_date: string | null }, now: Date): boolean {
  return new Date(event.end_date ?? event.start_date).getTime() < now.getTime();
}

/**
 * The web app's list request: its filter parameters, then the page of EVENTS_PER_PAGE_DEFAULT and
 * the people a card shows (CARD_AVATARS going, no maybes). One function for the app and for the
 * server, whose /events HTML preloads a visitor's first page at exactly this address.
 */
export function eventListRequestPath(params: Readonly<Record<string, string>>, options: { isSignedIn: boolean; page: number; after?: string | null }): string {
  const search = new URLSearchParams(params);
  search.set('per_page', String(EVENTS_PER_PAGE_DEFAULT));
  search.set('page', String(options.page));
  // The next pages start after the previous one's last event (its next_after), where the order allows.
  if (options.after) search.set('after', options.after);
  search.set('with_users', String(CARD_AVATARS));
  search.set('with_doubt_users', '0');
  return `${options.isSignedIn ? '/api/events' : '/api/events-na'}?${search.toString()}`;
}

/**
 * The web app's request for one event page: signed in, without its comments (they load apart);
 * a visitor's at the -no-auth address. `isRefresh`: the page is already open (no visit counted).
 * One function for the app and for the server, whose event page HTML preloads it.
 */
export function eventRequestPath(ref: string | number, options: { isSignedIn: boolean; isRefresh?: boolean }): string {
  const refresh = options.isRefresh ? '&no_visit=1' : '';
  const encoded = encodeURIComponent(String(ref));
  return options.isSignedIn ? `/api/events/${encoded}?full=true&no_comments=1${refresh}` : `/api/events-no-auth/${encoded}?full=true${refresh}`;
}
