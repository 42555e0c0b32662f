import type { Event } from '@planns/shared/events/events.schemas';
import type { Currency } from '@planns/shared/money/money.rules';
import { priceRange } from '@planns/shared/tickets/tickets.rules';
import { arePaymentsEnabled, type PaymentAccountStatus } from '@planns/shared/payments/payments.rules';
import type { Actor } from '../../http/actor.ts';
import { canManageEvent, canSeeCreatorPhone, canSeeLocation, isEventOwner } from './events.policy.ts';
import type { EventDetailRow, PersonJson } from './events.repo.ts';

const person = (p: PersonJson) => ({
  id: p.id,
  name: p.name,
  avatar: p.avatar,
  avatar_m: p.avatar_m,
  avatar_s: p.avatar_s,
  companions_amount: p.companions_amount,
});

const publicPerson = (p: Omit<PersonJson, 'companions_amount'>) => ({ id: p.id, name: p.name, avatar: p.avatar, avatar_m: p.avatar_m, avatar_s: p.avatar_s });

/** What the payments module says of an event's organiser, for its payment fields. */
export interface EventPaymentFacts {
  /** The organiser's payout account is active. */
  creatorApproved: boolean;
  /** The viewer's own account state, when the viewer owns the event (else null). */
  ownerAccount: PaymentAccountStatus | null;
  /** Each ticket type's tickets still on sale (the inventory; null: no limit of its own). */
  typesRemaining: ReadonlyMap<number, number | null>;
  /** Valid tickets the viewer holds for the event. */
  myTickets: number;
}

/** The fields that differ from one viewer to another, or from one moment to the next (places taken, tickets left). */
export const VIEWER_FIELDS = [
  'address',
  'url',
  'lat',
  'lng',
  'is_location_hidden',
  'creator',
  'users',
  'ticket_types',
  'is_sold_out',
  'payments_enabled',
  'attendees_count',
  'my_tickets',
  'is_joined',
  'is_maybe',
  'is_rejected',
  'is_liked',
  'my_companions',
  'my_note',
] as const satisfies readonly (keyof Event)[];
export type ViewerField = (typeof VIEWER_FIELDS)[number];

/** What the viewer's fields are made of: the event's columns they read, its people going (in the order shown), and the viewer's own answer. */
export type EventViewerSource = Pick<
  EventDetailRow,
  | 'user_id'
  | 'allow_whatsapp'
  | 'address'
  | 'url'
  | 'lat'
  | 'lng'
  | 'currency'
  | 'payment_mode'
  | 'max'
  | 'creator_name'
  | 'creator_avatar'
  | 'creator_avatar_s'
  | 'creator_phone'
  | 'ticket_types_json'
  | 'going_json'
  | 'my_status'
  | 'my_note'
  | 'my_companions'
  | 'is_liked'
>;

/**
 * Chooses exactly which fields of an event leave the server, for this viewer. `seatsTaken`: the
 * places taken of its capacity, counted by the inventory (attendees_count; decision 0025).
 */
export function presentEvent(row: EventDetailRow, seatsTaken: number, actor: Actor | null, payment: EventPaymentFacts): Event {
  return { ...presentSharedFields(row, actor, payment.ownerAccount), ...presentViewerFields(row, seatsTaken, actor, payment) };
}

/**
 * The fields that depend on who looks and when: the place and the organiser's phone (signed-in
 * viewers), the people going as ordered for this viewer, the ticket types with what remains, the
 * places taken, and the viewer's own answer, like and tickets. An event's list card stores the
 * rest (decision 0034) and this is added to it for each viewer.
 */
export function presentViewerFields(row: EventViewerSource, seatsTaken: number, actor: Actor | null, payment: Omit<EventPaymentFacts, 'ownerAccount'>): Pick<Event, ViewerField> {
  const showLocation = canSeeLocation(actor);
  const canManage = canManageEvent(actor, row);
  const hasLocation = row.address !== '' || row.url !== '' || row.lat !== null;
  const currency = row.currency as Currency | null;
  const types = currency === null ? [] : row.ticket_types_json;
  // events §4 'Sold out': the max reached by tickets and live holds (seatsTaken counts them on a paid event), or every type's own limit.
  const maxReached = types.length > 0 && row.max !== null && seatsTaken >= row.max;
  const remainingOf = (id: number) => payment.typesRemaining.get(id) ?? null;
  return {
    address: showLocation ? row.address : null,
    url: showLocation ? row.url : null,
    lat: showLocation ? row.lat : null,
    lng: showLocation ? row.lng : null,
    is_location_hidden: !showLocation && hasLocation,
    creator: {
      id: row.user_id,
      name: row.creator_name,
      avatar: row.creator_avatar,
      avatar_s: row.creator_avatar_s,
      phone: canSeeCreatorPhone(actor, row) ? row.creator_phone : null,
      stripe_approved: payment.creatorApproved,
    },
    users: row.going_json.map(person),
    ticket_types: types.map((t) => ({
      id: t.id,
      name: t.name,
      price: t.price,
      currency: t.currency as Currency,
      description: t.description,
      quantity: t.quantity,
      stripe_price_id: canManage ? t.stripe_price_id : null,
      stripe_price_amount: canManage ? t.stripe_price_amount : null,
      remaining: remainingOf(t.id),
      sold_out: maxReached || remainingOf(t.id) === 0,
      seat_type: t.seat_type,
    })),
    is_sold_out: types.length > 0 && (maxReached || types.every((t) => remainingOf(t.id) === 0)),
    payments_enabled: arePaymentsEnabled({ payment_mode: row.payment_mode, creator_approved: payment.creatorApproved, ticket_types: types }),
    attendees_count: seatsTaken,
    my_tickets: actor ? payment.myTickets : 0,
    is_joined: row.my_status === 'going',
    is_maybe: row.my_status === 'maybe',
    is_rejected: row.my_status === 'rejected',
    is_liked: row.is_liked,
    my_companions: actor ? row.my_companions.map(Number) : [],
    my_note: actor ? row.my_note : null,
  };
}

/**
 * The fields that are the same for every viewer who does not manage the event (for its managers
 * some carry more: its visits, provider ids, people not going, invitations, the owner's answer).
 */
export function presentSharedFields(row: EventDetailRow, actor: Actor | null, ownerAccount: PaymentAccountStatus | null): Omit<Event, ViewerField> {
  const isOwner = isEventOwner(actor, row);
  const canManage = canManageEvent(actor, row);
  const currency = row.currency as Currency | null;
  const types = currency === null ? [] : row.ticket_types_json;
  const single = row.pricing_mode === 'single' ? (types[0] ?? null) : null;
  return {
    id: row.id,
    hash: row.hash,
    name: row.name,
    description: row.description,
    image: row.image,
    m_image: row.m_image,
    start_date: row.start_date.toISOString(),
    end_date: row.end_date ? row.end_date.toISOString() : null,
    location_type: row.location_type,
    venue: row.venue,
    min: row.min,
    max: row.max,
    max_companions: row.max_companions,
    price: single?.price ?? null,
    currency: types.length > 0 ? currency : null,
    ticket_name: single?.name ?? null,
    ticket_description: single?.description ?? null,
    pricing_mode: row.pricing_mode,
    seated: row.seated,
    seat_template_id: row.seat_template_id,
    price_range: priceRange(types, currency),
    is_paid: types.length > 0,
    payment_mode: types.length > 0 ? row.payment_mode : null,
    stripe_product_id: canManage ? row.stripe_product_id : null,
    stripe_price_id: canManage ? (single?.stripe_price_id ?? null) : null,
    owner_payment_account: isOwner ? ownerAccount : null,
    visibility: row.visibility,
    is_public: row.visibility === 'public',
    is_private: row.visibility === 'private',
    is_friends: row.visibility === 'friends',
    group_id: row.group_id,
    group: row.group_id !== null && row.group_name !== null ? { id: row.group_id, name: row.group_name } : null,
    allow_whatsapp: row.allow_whatsapp,
    gallery_requires_approval: row.gallery_requires_approval,
    user_id: row.user_id,
    categories: row.categories_json,
    doubt_users: row.maybe_json.map(person),
    rejected_users: canManage ? row.rejected_json.map(person) : [],
    friends: actor ? row.friends_json.map(publicPerson) : [],
    organizers: row.organizers_json.map(publicPerson),
    attendee_invites: canManage ? row.invites_json.map(publicPerson) : [],
    users_count: row.users_count,
    doubt_users_count: row.doubt_users_count,
    rejected_users_count: row.rejected_users_count,
    likes_count: row.likes_count,
    comments_count: row.comments_count,
    // The owner's own answer, for the edit form: the owner only (events.schemas.ts).
    author_attending: isOwner && row.owner_attending,
    author_companions: isOwner ? row.owner_companions.map(Number) : [],
    visits: canManage ? row.visits : null,
    is_owner: isOwner,
    can_manage: canManage,
    deleted_by_moderator: row.deleted_by_moderator_at !== null,
    clone_id: row.clone_id,
    created_at: row.created_at.toISOString(),
  };
}
