import { z } from 'zod';
import { idArraySchema, idListSchema, idSchema } from '../input/ids.schemas.ts';
import { publicUserSchema } from '../users/users.schemas.ts';
import { AMOUNT_MAX_MINOR, CURRENCIES } from '../money/money.rules.ts';
import { PRICING_MODES, TICKET_TYPES_MAX, ticketTypeProblems } from '../tickets/tickets.rules.ts';
import {
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_ATTENDEES_MAX,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_FIELD_MESSAGES as M,
  EVENT_IMAGE_EXTENSIONS,
  EVENT_NAME_MAX_LENGTH,
  EVENT_ORDER_BY,
  EVENT_SEARCH_MAX_LENGTH,
  EVENT_URL_MAX_LENGTH,
  EVENT_VENUE_MAX_LENGTH,
  EVENT_VISIBILITIES,
  EVENTS_PER_PAGE_DEFAULT,
  EVENTS_PER_PAGE_MAX,
  FRIENDS_RELATION_LIMIT,
  LOCATION_TYPES,
  RELATION_LIMIT,
  USER_SEARCH_MIN_LENGTH,
  parseUtcDateTime,
} from './events.rules.ts';
import { EVENT_PRESETS } from './event-presets.rules.ts';

/* ------------------------------------------------------------------ read side */

export const categorySchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).meta({ id: 'Category' });
export type Category = z.infer<typeof categorySchema>;
export const categoryListReplySchema = z.object({ data: z.array(categorySchema) });

/** A person on an event's lists, with the RSVP pivot's companion count. */
export const eventPersonSchema = publicUserSchema.extend({ companions_amount: z.number().int() }).meta({ id: 'EventPerson' });
export type EventPerson = z.infer<typeof eventPersonSchema>;

export const eventCreatorSchema = z
  .object({
    id: z.number().int(),
    name: z.string().nullable(),
    avatar: z.string().nullable(),
    avatar_s: z.string().nullable(),
    /** Only to signed-in viewers, and only when the event allows WhatsApp contact. */
    phone: z.string().nullable(),
    /** The organiser's payout account is active (terms accepted, details submitted, charges enabled). */
    stripe_approved: z.boolean(),
  })
  .meta({ id: 'EventCreator' });

/** A ticket type of a paid event (events §3): prices in minor units of the event's currency. */
export const ticketTypeSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    price: z.number().int(),
    currency: z.enum(CURRENCIES),
    description: z.string().nullable(),
    /** Beyond the spec: at most this many tickets of the type (null: only the event's max). */
    quantity: z.number().int().nullable(),
    /** The provider's price for the type and its amount: to the owner and moderators only, else null. */
    stripe_price_id: z.string().nullable(),
    stripe_price_amount: z.number().int().nullable(),
    /** Tickets of this type still on sale (its limit less tickets and live holds); null: no limit of its own. */
    remaining: z.number().int().nullable(),
    /** No ticket of this type left: its limit, or the event's max, is reached. */
    sold_out: z.boolean(),
    /** A seated event: the seat type of its map this type sells (decision 0036); else null. */
    seat_type: z.number().int().nullable(),
  })
  .meta({ id: 'TicketType' });
export type TicketTypeRead = z.infer<typeof ticketTypeSchema>;

/** The lowest and highest price of a paid event ('from €12'). */
export const priceRangeSchema = z.object({ min: z.number().int(), max: z.number().int(), currency: z.enum(CURRENCIES) }).meta({ id: 'PriceRange' });

export const eventSchema = z
  .object({
    id: z.number().int(),
    hash: z.string(),
    name: z.string(),
    description: z.string(),
    image: z.string().nullable(),
    m_image: z.string().nullable(),
    /** ISO 8601 in UTC. */
    start_date: z.string(),
    end_date: z.string().nullable(),
    location_type: z.enum(LOCATION_TYPES),
    /** null when the viewer may not see it (visitors): the page shows 'sign in to see address'. */
    address: z.string().nullable(),
    venue: z.string(),
    url: z.string().nullable(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    /** True when the event has an address or link the viewer is not shown. */
    is_location_hidden: z.boolean(),
    min: z.number().int().nullable(),
    max: z.number().int().nullable(),
    max_companions: z.number().int().nullable(),
    /** Single pricing: the one price in minor units of `currency` (decision 0027); else null. */
    price: z.number().int().nullable(),
    /** The event's one currency; null when free. */
    currency: z.enum(CURRENCIES).nullable(),
    /** Single pricing: the ticket's name ('General Admission' by default) and description; else null. */
    ticket_name: z.string().nullable(),
    ticket_description: z.string().nullable(),
    pricing_mode: z.enum(PRICING_MODES),
    /** Every ticket type, in order (a single-price event has one: its ticket_name); [] when free. */
    ticket_types: z.array(ticketTypeSchema),
    /** People pick seats when they buy (decision 0036): on seat_template_id's scheme, or the default join map. */
    seated: z.boolean(),
    seat_template_id: z.number().int().nullable(),
    price_range: priceRangeSchema.nullable(),
    is_paid: z.boolean(),
    /** Whose account sells the tickets: the organiser's payout account or planns' own (decision 0028); null when free. */
    payment_mode: z.enum(['own', 'planns']).nullable(),
    /** Tickets can be bought: a positive price with its provider prices, sold through an active account (events §4). */
    payments_enabled: z.boolean(),
    /** events §4 'Sold out': the event's max reached by tickets and live holds, or every type's limit reached. */
    is_sold_out: z.boolean(),
    /** Valid tickets the viewer holds for this event (0 for visitors). */
    my_tickets: z.number().int(),
    /** The event's product at the payment provider: to the owner and moderators only, else null. */
    stripe_product_id: z.string().nullable(),
    /** Single pricing: the provider's price id (owner and moderators only, else null). */
    stripe_price_id: z.string().nullable(),
    /**
     * To the owner only (else null): the state of the owner's payout account ('none' without one),
     * for the 'needs verification' alert.
     */
    owner_payment_account: z.enum(['none', 'created', 'inactive', 'active']).nullable(),
    visibility: z.enum(EVENT_VISIBILITIES),
    is_public: z.boolean(),
    is_private: z.boolean(),
    is_friends: z.boolean(),
    group_id: z.number().int().nullable(),
    group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    allow_whatsapp: z.boolean(),
    /** Gallery items wait for the owner's approval before others see them (default off). */
    gallery_requires_approval: z.boolean(),
    user_id: z.number().int(),
    creator: eventCreatorSchema,
    categories: z.array(categorySchema),
    /** Going, the viewer first when going; at most the with_users limit. */
    users: z.array(eventPersonSchema),
    /** Maybe, the viewer first when maybe; at most the with_doubt_users limit. */
    doubt_users: z.array(eventPersonSchema),
    /** Not going: only to those who may see the guest list (the owner and moderators), else []; up to 10 on lists, 7 on the page. */
    rejected_users: z.array(eventPersonSchema),
    /** The viewer's friends among those going or maybe (signed in only). */
    friends: z.array(publicUserSchema),
    /** Co-organisers (with_organizers on lists; up to 10 on the page). */
    organizers: z.array(publicUserSchema),
    /** People the event was shared with: the owner and moderators only (with_attendee_invites on lists; up to 10 on the page). */
    attendee_invites: z.array(publicUserSchema),
    users_count: z.number().int(),
    doubt_users_count: z.number().int(),
    rejected_users_count: z.number().int(),
    /** Going people plus their companions. */
    attendees_count: z.number().int(),
    is_joined: z.boolean(),
    is_maybe: z.boolean(),
    is_rejected: z.boolean(),
    is_liked: z.boolean(),
    /** The viewer's own answer: the companions they bring and their note (signed in; else [] and null). */
    my_companions: z.array(z.number().int()),
    my_note: z.string().nullable(),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    /** The owner's own response: going with these companions (owner only; else false / []). */
    author_attending: z.boolean(),
    author_companions: z.array(z.number().int()),
    /** Page visits: the owner and moderators only, else null. */
    visits: z.number().int().nullable(),
    is_owner: z.boolean(),
    /** Owner or moderator: the control menu shows. */
    can_manage: z.boolean(),
    deleted_by_moderator: z.boolean(),
    clone_id: z.number().int().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof eventSchema>;

export const eventReplySchema = z.object({ data: eventSchema });
export const eventPageSchema = z.object({
  data: z.array(eventSchema),
  current_page: z.number().int(),
  per_page: z.number().int(),
  /** How many events match: known only when this page reaches the end, else null (nothing is counted). */
  total: z.number().int().nullable(),
  /** Whether a next page has events. */
  has_more: z.boolean(),
  /**
   * planns' addition: the next page's `after` (keyset paging: the next page starts after this
   * page's last event, however the list changed meanwhile, and costs what the first page costs).
   * Null when no page follows, or in an order that pages by number only (created_at, trending).
   */
  next_after: z.string().nullable(),
});
export const eventListReplySchema = z.object({ data: eventPageSchema });
export type EventPage = z.infer<typeof eventPageSchema>;

/* ------------------------------------------------------------------ list query */

const flag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false', ''])])
  .transform((v) => v === true || v === '1' || v === 'true')
  .optional();

const idList = idListSchema().optional();

const dateParam = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(v) ? parseUtcDateTime(`${v} 00:00:00`) : parseUtcDateTime(v);
    if (!date) {
      ctx.addIssue({ code: 'custom', message: 'Use YYYY-MM-DD or an ISO 8601 date-time' });
      return z.NEVER;
    }
    return date;
  })
  .optional();

const limit = (max: number) => z.coerce.number().int().min(0).max(max).optional();

/** A list's keyset cursor (the reply's next_after): the last event's start in microseconds since 1970 and its id. */
export const LIST_CURSOR = /^(-?\d{1,17})\.(\d{1,18})$/;
const cursorParam = z
  .string()
  .max(40)
  .transform((v, ctx) => {
    const m = LIST_CURSOR.exec(v);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: "Use the reply's next_after" });
      return z.NEVER;
    }
    return { startMicros: m[1]!, id: m[2]! };
  })
  .optional();

/**
 * Query strings arrive flat: `current_location[lat]=..` (axios style), `categories[]=1` or
 * `categories=1,2`. This folds those spellings into one shape before validation.
 */
function foldQuery(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const m = /^current_location(?:\[(lat|lng)\]|\.(lat|lng))$/.exec(key);
    if (m) {
      const loc = (out.current_location as Record<string, unknown> | undefined) ?? {};
      loc[m[1] ?? m[2]!] = value;
      out.current_location = loc;
    } else if (key.endsWith('[]')) {
      out[key.slice(0, -2)] = value;
    } else {
      out[key] = value;
    }
  }
  return out;
}

export const eventListQuerySchema = z.preprocess(
  foldQuery,
  z.object({
    distance: z.coerce.number().min(0).max(100_000).optional(),
    current_location: z
      .object({ lat: z.coerce.number().min(-90).max(90), lng: z.coerce.number().min(-180).max(180) })
      .optional(),
    start_date: dateParam,
    end_date: dateParam,
    hide_friends: flag,
    hide_public: flag,
    hide_private: flag,
    hide_paid: flag,
    hide_free: flag,
    categories: idList,
    preset: z.enum(EVENT_PRESETS).optional(),
    order_by: z.enum(EVENT_ORDER_BY).optional(),
    order_dir: z.enum(['asc', 'desc']).optional(),
    per_page: z.coerce.number().int().min(1).max(EVENTS_PER_PAGE_MAX).default(EVENTS_PER_PAGE_DEFAULT),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    /** planns' addition: the page after this cursor (the previous reply's next_after) instead of skipping (page - 1) * per_page events; `page` still numbers it. */
    after: cursorParam,
    users: idList,
    friends_created: flag,
    friends_joined: flag,
    /** My plans' pending tab: events the viewer was invited to and has not answered (planns' addition). */
    invited: flag,
    /** My plans' liked tab: events the viewer likes (planns' addition). */
    liked: flag,
    group_id: idSchema.optional(),
    group_context: idSchema.optional(),
    search: z.string().trim().max(EVENT_SEARCH_MAX_LENGTH).optional(),
    /** IANA time zone of the viewer, for the weekend preset (default UTC). */
    tz: z
      .string()
      .max(64)
      .refine((v) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: v });
          return true;
        } catch {
          return false;
        }
      }, 'Unknown time zone')
      .optional(),
    with_creator: limit(RELATION_LIMIT),
    with_organizers: limit(RELATION_LIMIT),
    with_users: limit(RELATION_LIMIT),
    with_doubt_users: limit(RELATION_LIMIT),
    with_attendees: limit(RELATION_LIMIT),
    with_friends: limit(FRIENDS_RELATION_LIMIT),
    with_join_requests: limit(RELATION_LIMIT),
    with_attendee_invites: limit(RELATION_LIMIT),
    with_organizer_invites: limit(RELATION_LIMIT),
  }),
);
export type EventListQuery = z.output<typeof eventListQuerySchema>;
export type EventListQueryInput = z.input<typeof eventListQuerySchema>;

export const eventRefParamsSchema = z.object({ ref: z.string().max(40) });
export const eventPageQuerySchema = z.object({
  full: flag,
  no_comments: flag,
  /** planns' addition: a refresh of a page already open (live updates) is not another visit. */
  no_visit: flag,
});

/* ------------------------------------------------------------------ write side */

const text = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message ?? `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => v ?? '');

const attendeeLimit = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n) || n < 0 || n > EVENT_ATTENDEES_MAX) {
      ctx.addIssue({ code: 'custom', message: M.wholeNumber });
      return z.NEVER;
    }
    return n === 0 ? null : n;
  });

function toWireDate(v: string | null | undefined, ctx: z.RefinementCtx, required: boolean): Date | null {
  if (v === null || v === undefined || v.trim() === '') {
    if (required) ctx.addIssue({ code: 'custom', message: M.startRequired });
    return null;
  }
  const date = parseUtcDateTime(v);
  if (!date) ctx.addIssue({ code: 'custom', message: M.dateFormat });
  return date;
}
const optionalWireDate = z
  .union([z.string().max(40), z.null()])
  .optional()
  .transform((v, ctx) => toWireDate(v, ctx, false));

const boolish = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

const idArray = idArraySchema(50);

/** A price as sent: minor units of the event's currency; the range is checked with the pricing rules. */
const minorAmount = z.union([z.number(), z.null()]).optional();

/** A ticket type as the form sends it (events §3 Ticket type); `id` keeps an existing type on edit. */
export const ticketTypeBodySchema = z.object({
  id: idSchema.nullable().optional(),
  name: z.string().max(120, 'At most 120 characters').nullable().optional(),
  price: minorAmount,
  currency: z.string().max(3).nullable().optional(),
  description: z.string().trim().max(2000, 'At most 2000 characters').nullable().optional(),
  quantity: z.union([z.number(), z.null()]).optional(),
  /** A seated event: the seat type (index in its map's seatTypes) this type sells (decision 0036). */
  seat_type: z.number().int('Choose the seats this ticket type sells').min(0, 'Choose the seats this ticket type sells').max(9, 'Choose the seats this ticket type sells').nullable().optional(),
});
export type TicketTypeBody = z.infer<typeof ticketTypeBodySchema>;

/**
 * The compiled event the form sends to POST events/create and PUT events/{id} (events §3, §5).
 * Unknown fields (ticket rows of the ticketing issue) are ignored.
 */
export const eventBodySchema = z
  .object({
    name: text(EVENT_NAME_MAX_LENGTH),
    description: text(EVENT_DESCRIPTION_MAX_LENGTH),
    /** The picture without its data-URL prefix, with its extension (jpeg, jpg, gif, png). */
    base64: z.string().max(16 * 1024 * 1024).nullable().optional(),
    extension: z.enum(EVENT_IMAGE_EXTENSIONS, { message: M.imageType }).nullable().optional(),
    /** Edit: true removes the picture. */
    remove_image: boolish.optional(),
    start_date: optionalWireDate,
    end_date: optionalWireDate,
    location_type: z.enum(LOCATION_TYPES).default('in_person'),
    address: text(EVENT_ADDRESS_MAX_LENGTH),
    venue: text(EVENT_VENUE_MAX_LENGTH),
    url: text(EVENT_URL_MAX_LENGTH),
    lat: z.number().min(-90).max(90).nullable().optional(),
    lng: z.number().min(-180).max(180).nullable().optional(),
    is_private: boolish.optional(),
    is_friends: boolish.optional(),
    group_id: idSchema.nullable().optional(),
    min: attendeeLimit,
    max: attendeeLimit,
    max_companions: attendeeLimit,
    categories: idArray.default([]),
    allow_whatsapp: boolish.default(true),
    /** The owner approves gallery items before others see them (default off). */
    gallery_requires_approval: boolish.default(false),
    /** 'I am attending' (default true on create) and the companions the owner brings. */
    is_attending: boolish.optional(),
    companions: idArray.default([]),
    /**
     * Pricing (events §5 'Sending an event'): single (price, currency, ticket_name,
     * ticket_description) or multiple (ticket_types, 1 to 10, one currency). No price, or no
     * ticket type, means free. Amounts are minor units of the currency (decision 0027).
     */
    pricing_mode: z.enum(PRICING_MODES).default('single'),
    price: minorAmount,
    currency: z.enum(CURRENCIES, { message: M.currencyRequired }).nullable().optional(),
    ticket_name: text(120),
    ticket_description: text(2000),
    ticket_types: z.array(ticketTypeBodySchema).max(TICKET_TYPES_MAX, M.tooManyTicketTypes).default([]),
    /** The seat selector switch (events §2 Tickets panel): people pick seats when they buy (decision 0036). */
    seated: boolish.default(false),
    /** The seat scheme (one's own, or the one the event has); none: the default join map. */
    seat_template_id: idSchema.nullable().optional(),
    /** Clone mode: the source event, and the user who will own the copy (default: the caller). */
    clone_id: idSchema.nullable().optional(),
    user_ownership: idSchema.nullable().optional(),
  })
  .superRefine(
    (v, ctx) => {
      // Whole-form rules. They run even when a single field failed its own check (the `when`
      // below), so one request reports every problem at once; a field that failed holds its raw
      // value here, hence the type guards.
      const isDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
      const isNum = (n: unknown): n is number => typeof n === 'number';
      if (v.name === '' || v.name === undefined) ctx.addIssue({ code: 'custom', path: ['name'], message: M.nameRequired });
      if (v.start_date === null || v.start_date === undefined) ctx.addIssue({ code: 'custom', path: ['start_date'], message: M.startRequired });
      if (isDate(v.start_date) && isDate(v.end_date) && v.end_date < v.start_date) {
        ctx.addIssue({ code: 'custom', path: ['end_date'], message: M.endBeforeStart });
      }
      if (isNum(v.min) && isNum(v.max) && v.min > v.max) {
        ctx.addIssue({ code: 'custom', path: ['min'], message: M.minAboveMax });
        ctx.addIssue({ code: 'custom', path: ['max'], message: M.maxBelowMin });
      }
      if (v.location_type === 'in_person' && v.address === '') {
        ctx.addIssue({ code: 'custom', path: ['address'], message: M.addressRequired });
      }
      if (v.location_type === 'virtual' && !(typeof v.url === 'string' && /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v.url))) {
        ctx.addIssue({ code: 'custom', path: ['url'], message: M.urlRequired });
      }
      if ((v.lat === null || v.lat === undefined) !== (v.lng === null || v.lng === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['lat'], message: 'Give both lat and lng, or neither' });
      }
      if (v.base64 && !v.extension) {
        ctx.addIssue({ code: 'custom', path: ['extension'], message: M.imageType });
      }
      if (v.pricing_mode === 'multiple') checkTicketTypes(v.ticket_types, v.currency, ctx);
      else if (v.price !== null && v.price !== undefined) {
        const problem = priceProblem(v.price);
        if (problem) ctx.addIssue({ code: 'custom', path: ['price'], message: problem });
        if (!v.currency) ctx.addIssue({ code: 'custom', path: ['currency'], message: M.currencyRequired });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  )
  .transform((v) => ({ ...v, start_date: v.start_date ?? new Date(Number.NaN) }));
export type EventBody = z.output<typeof eventBodySchema>;

/** What is wrong with a sent price, or null (minor units, above 0, at most AMOUNT_MAX_MINOR). */
function priceProblem(price: unknown): string | null {
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return M.priceRequired;
  if (!Number.isInteger(price)) return M.priceWhole;
  return price > AMOUNT_MAX_MINOR ? M.priceTooHigh : null;
}

/**
 * Multiple pricing: every type sent must be whole (events §5 ticket type rules, by field as
 * ticket_types.N.field), and all in one currency, the event's when it names one.
 */
function checkTicketTypes(types: unknown, eventCurrency: unknown, ctx: z.RefinementCtx): void {
  if (!Array.isArray(types)) return;
  // An element that is not an object has already been reported at its own path.
  const isObject = (t: unknown): t is TicketTypeBody => typeof t === 'object' && t !== null && !Array.isArray(t);
  const drafts: TicketTypeBody[] = types.map((t) => (isObject(t) ? t : {}));
  const problems = ticketTypeProblems(drafts.map((t) => ({ ...t, price: typeof t.price === 'number' ? t.price : null })));
  const currency = typeof eventCurrency === 'string' ? eventCurrency : drafts.map((t) => t.currency).find((c) => typeof c === 'string');
  drafts.forEach((type, i) => {
    if (!isObject(types[i])) return;
    const found = problems[i] ?? {};
    const priceMessage = type.price === null || type.price === undefined ? found.price : (priceProblem(type.price) ?? undefined);
    if (found.name) ctx.addIssue({ code: 'custom', path: ['ticket_types', i, 'name'], message: found.name });
    if (priceMessage) ctx.addIssue({ code: 'custom', path: ['ticket_types', i, 'price'], message: priceMessage });
    if (found.currency) ctx.addIssue({ code: 'custom', path: ['ticket_types', i, 'currency'], message: found.currency });
    else if (type.currency !== currency) ctx.addIssue({ code: 'custom', path: ['ticket_types', i, 'currency'], message: M.oneCurrency });
    const q = type.quantity;
    if (q !== null && q !== undefined && !(Number.isInteger(q) && q > 0 && q <= EVENT_ATTENDEES_MAX)) {
      ctx.addIssue({ code: 'custom', path: ['ticket_types', i, 'quantity'], message: M.ticketQuantity });
    }
  });
}
export type EventBodyInput = z.input<typeof eventBodySchema>;

export const ownershipBodySchema = z.object({ user_id: idSchema });
export const likeReplySchema = z.object({ data: z.boolean() });

export const userSearchQuerySchema = z.object({
  name: z.string().trim().min(USER_SEARCH_MIN_LENGTH, `Type more than ${USER_SEARCH_MIN_LENGTH - 1} characters`).max(100),
});
export const userSearchReplySchema = z.object({ data: z.object({ data: z.array(publicUserSchema) }) });
