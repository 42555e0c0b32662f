import {
  EVENT_ATTENDEES_MAX,
  EVENT_FIELD_MESSAGES,
  type EVENT_IMAGE_EXTENSIONS,
  formatUtcDateTime,
  defaultEventStart,
  type LocationType,
} from '@planns/shared/events/events.rules';
import type { Event, EventBodyInput } from '@planns/shared/events/events.schemas';
import { compilePricing, initialPricing, pricingErrors, pricingFromEvent, type PricingFormState } from '../../tickets/pricing-form-state.ts';

/** One form for the three screens (events §2 "Create / update / clone event"). */
export type FormMode = 'create' | 'update' | 'clone';

export type ImageExtension = (typeof EVENT_IMAGE_EXTENSIONS)[number];

/** The picture: none, the saved one (edit, clone), a new upload, or the saved one removed (edit). */
export type ImageState =
  | { kind: 'none' }
  | { kind: 'existing'; url: string }
  | { kind: 'new'; base64: string; extension: ImageExtension; previewUrl: string }
  | { kind: 'removed' };

/** Sent back as the event has them: fields the form does not edit. */
type Carried = Pick<EventBodyInput, 'max_companions'>;

export type EventFormState = {
  name: string;
  description: string;
  image: ImageState;
  start: Date | null;
  end: Date | null;
  locationType: LocationType;
  address: string;
  lat: number | null;
  lng: number | null;
  venue: string;
  url: string;
  isAttending: boolean;
  companions: number[];
  isPrivate: boolean;
  isFriends: boolean;
  groupId: number | null;
  /** The inputs' text: '' or a whole number (0 means empty). */
  min: string;
  max: string;
  categories: number[];
  allowWhatsapp: boolean;
  /** Gallery items wait for the owner's approval before others see them. */
  galleryRequiresApproval: boolean;
  /** Clone mode: who will own the copy (null: me). */
  owner: { id: number; name: string | null } | null;
  /** The Tickets panel: free, one price, or ticket types (features/tickets). */
  pricing: PricingFormState;
  carried: Carried;
};

/** The spec's defaults: public, attending, WhatsApp contact allowed, start at the next hour (19:00 when that is at night). */
export function initialFormState(now: Date): EventFormState {
  return {
    name: '',
    description: '',
    image: { kind: 'none' },
    start: defaultEventStart(now),
    end: null,
    locationType: 'in_person',
    address: '',
    lat: null,
    lng: null,
    venue: '',
    url: '',
    isAttending: true,
    companions: [],
    isPrivate: false,
    isFriends: false,
    groupId: null,
    min: '',
    max: '',
    categories: [],
    allowWhatsapp: true,
    galleryRequiresApproval: false,
    owner: null,
    pricing: initialPricing(),
    carried: {},
  };
}

/** The form filled from a saved event: to edit it, or to clone it (the name kept; a past event's dates moved to its next week). */
export function formStateFromEvent(event: Event, mode: Exclude<FormMode, 'create'>, now: Date = new Date()): EventFormState {
  const image = event.image ?? event.m_image;
  const dates = mode === 'clone' ? nextOccurrence(new Date(event.start_date), event.end_date ? new Date(event.end_date) : null, now) : null;
  return {
    name: event.name,
    description: event.description,
    image: image ? { kind: 'existing', url: image } : { kind: 'none' },
    start: dates ? dates.start : new Date(event.start_date),
    end: dates ? dates.end : event.end_date ? new Date(event.end_date) : null,
    locationType: event.location_type,
    address: event.address ?? '',
    lat: event.lat,
    lng: event.lng,
    venue: event.venue,
    url: event.url ?? '',
    // The owner's own answer; a clone by someone else starts as 'attending', like a new event.
    isAttending: event.is_owner ? event.author_attending : mode === 'clone',
    companions: event.is_owner ? event.author_companions : [],
    isPrivate: event.is_private,
    isFriends: event.is_friends,
    groupId: event.group_id,
    min: event.min ? String(event.min) : '',
    max: event.max ? String(event.max) : '',
    categories: event.categories.map((category) => category.id),
    allowWhatsapp: event.allow_whatsapp,
    galleryRequiresApproval: event.gallery_requires_approval,
    owner: null,
    pricing: pricingFromEvent(event, mode === 'update'),
    carried: { max_companions: event.max_companions },
  };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A copy's dates (issue 18): an event cloned after it started is moved on by whole weeks to its
 * next occurrence (same weekday, same time, the same length), as a weekly series is; one still to
 * come keeps its dates.
 */
export function nextOccurrence(start: Date, end: Date | null, now: Date): { start: Date; end: Date | null } {
  if (start.getTime() > now.getTime()) return { start, end };
  const weeks = Math.floor((now.getTime() - start.getTime()) / WEEK_MS) + 1;
  const shift = (date: Date) => {
    // By calendar days, so that a change of summer time keeps the hour.
    const moved = new Date(date.getTime());
    moved.setDate(moved.getDate() + weeks * 7);
    return moved;
  };
  return { start: shift(start), end: end ? shift(end) : null };
}

/** An attendee limit typed in the form: null when empty or 0 (events §5), 'invalid' otherwise. */
export function parseAttendeeLimit(text: string): number | null | 'invalid' {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return 'invalid';
  const n = Number(value);
  if (n > EVENT_ATTENDEES_MAX) return 'invalid';
  return n === 0 ? null : n;
}

/** Keeps only digits: the inputs accept non-negative whole numbers only (events §5). */
export function sanitizeAttendeeInput(text: string): string {
  return text.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, String(EVENT_ATTENDEES_MAX).length);
}

export type FieldErrorCode = keyof typeof EVENT_FIELD_MESSAGES;
/** Field name (as the server names it) -> what is wrong. */
export type FieldErrors = Partial<Record<string, FieldErrorCode>>;

const VIRTUAL_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

/** The client's checks before sending (events §5); the server repeats them. */
/**
 * The form's own checks before sending. `goingCount` (editing an event: the people already going
 * with their companions) keeps max from going below them, which the server also refuses.
 */
export function validateForm(state: EventFormState, { goingCount = 0 }: { goingCount?: number } = {}): FieldErrors {
  const errors: FieldErrors = {};
  if (state.name.trim() === '') errors.name = 'nameRequired';
  if (!state.start) errors.start_date = 'startRequired';
  if (state.start && state.end && state.end.getTime() < state.start.getTime()) errors.end_date = 'endBeforeStart';
  if (state.locationType === 'in_person' && state.address.trim() === '') errors.address = 'addressRequired';
  if (state.locationType === 'virtual' && !VIRTUAL_URL.test(state.url.trim())) errors.url = 'urlRequired';
  const min = parseAttendeeLimit(state.min);
  const max = parseAttendeeLimit(state.max);
  if (min === 'invalid') errors.min = 'wholeNumber';
  if (max === 'invalid') errors.max = 'wholeNumber';
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    errors.min = 'minAboveMax';
    errors.max = 'maxBelowMin';
  } else if (typeof max === 'number' && max > 0 && max < goingCount) {
    errors.max = 'maxBelowGoing';
  }
  // The Tickets panel, by the fields the server names (price, ticket_types.N.name ...).
  const pricing = pricingErrors(state.pricing);
  if (pricing.price) errors.price = pricing.price;
  pricing.types.forEach((found, i) => {
    for (const [field, code] of Object.entries(found)) errors[`ticket_types.${i}.${field}`] = code;
  });
  return errors;
}

/** A new start keeps the event's length: the end moves with it and is never before the start. */
export function moveStart(state: Pick<EventFormState, 'start' | 'end'>, start: Date): Pick<EventFormState, 'start' | 'end'> {
  if (!state.end) return { start, end: null };
  const length = state.start ? Math.max(0, state.end.getTime() - state.start.getTime()) : 0;
  const end = state.end.getTime() < start.getTime() ? new Date(start.getTime() + length) : state.end;
  return { start, end };
}

type CompileContext = { mode: FormMode; sourceId: number | null; isOwner: boolean };

/**
 * The body of POST events/create and PUT events/{id} (events §5): dates in UTC as
 * YYYY-MM-DD HH:mm:ss, 0 attendees as empty, the picture without its data-URL prefix, and in
 * clone mode clone_id with user_ownership. Call it after validateForm found nothing.
 */
export function compileEventBody(state: EventFormState, { mode, sourceId, isOwner }: CompileContext): EventBodyInput {
  const isVirtual = state.locationType === 'virtual';
  const min = parseAttendeeLimit(state.min);
  const max = parseAttendeeLimit(state.max);
  const body: EventBodyInput = {
    name: state.name.trim(),
    description: state.description.trim(),
    start_date: state.start ? formatUtcDateTime(state.start) : null,
    end_date: state.end ? formatUtcDateTime(state.end) : null,
    location_type: state.locationType,
    address: isVirtual ? '' : state.address.trim(),
    venue: isVirtual ? '' : state.venue.trim(),
    url: isVirtual ? state.url.trim() : '',
    lat: isVirtual ? null : state.lat,
    lng: isVirtual ? null : state.lng,
    is_private: state.isPrivate,
    is_friends: state.isPrivate ? false : state.isFriends,
    group_id: state.groupId,
    min: typeof min === 'number' ? min : null,
    max: typeof max === 'number' ? max : null,
    categories: [...state.categories],
    allow_whatsapp: state.allowWhatsapp,
    gallery_requires_approval: state.galleryRequiresApproval,
    ...compilePricing(state.pricing),
    ...state.carried,
  };
  // 'I am attending' is the owner's own answer: a moderator editing someone's event leaves it.
  if (mode !== 'update' || isOwner) {
    body.is_attending = state.isAttending;
    body.companions = state.isAttending ? [...state.companions] : [];
  }
  if (state.image.kind === 'new') {
    body.base64 = state.image.base64;
    body.extension = state.image.extension;
  } else if (state.image.kind === 'removed' && mode === 'update') {
    body.remove_image = true;
  }
  if (mode === 'clone') {
    body.clone_id = sourceId;
    if (state.owner) body.user_ownership = state.owner.id;
  }
  return body;
}

/** Maps the server's English field messages back to codes, so they can be shown translated. */
export function fieldErrorCode(message: string): FieldErrorCode | null {
  const entry = Object.entries(EVENT_FIELD_MESSAGES).find(([, text]) => text === message);
  return entry ? (entry[0] as FieldErrorCode) : null;
}
