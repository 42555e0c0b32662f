import { sql, type RawBuilder } from 'kysely';
import { CLOSE_TO_YOU_KM } from '@planns/shared/events/event-presets.rules';
import type { Event, EventBody, EventListQuery, EventPage } from '@planns/shared/events/events.schemas';
import {
  EVENT_FIELD_MESSAGES as M,
  EVENT_IMAGE_MAX_BYTES,
  FRIENDS_RELATION_LIMIT,
  PAGE_AVATARS,
  RELATION_LIMIT,
  effectiveDistanceKm,
  parseEventRef,
  visibilityFromFlags,
} from '@planns/shared/events/events.rules';
import type { PublicUser } from '@planns/shared/users/users.schemas';
import { normalizePricing, ticketTypesOf, type Pricing } from '@planns/shared/tickets/tickets.rules';
import { inTransaction, type Executor, type Tx } from '../../db/database.ts';
import { StatementBatch } from '../../db/statement-batch.ts';
import { PG_ERROR, pgErrorCode } from '../../db/pg-errors.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { liveSessionOf, type SessionInStatement } from '../../http/auth-hook.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { decodeBase64Image, deleteStoredFiles } from '../users/avatar-image.ts';
import { presentPublicUser } from '../users/users.presenter.ts';
import * as users from '../users/users.service.ts';
import { ownCompanionIds } from '../companions/companions.service.ts';
import * as gallery from '../gallery/gallery.service.ts';
import { isGroupMember } from '../groups/groups.service.ts';
import * as inventory from '../inventory/inventory.service.ts';
import * as paymentAccounts from '../payments/payment-accounts.service.ts';
import * as rsvp from '../rsvp/rsvp.service.ts';
import * as seats from '../seats/seats.service.ts';
import { copyEventImage, renderEventImage, storeEventImage, type EventImageUrls } from './event-image.ts';
import { canDeleteEvent, canManageEvent, canModerate, canViewEvent, isEventOwner } from './events.policy.ts';
import { presentEvent } from './events.presenter.ts';
import { CARD_LIMITS, presentListJson, servesCards } from './event-cards.ts';
import { jsonListBuffer } from '../../http/json-buffer.ts';
import { liveEventFacts } from './event-payment-facts.ts';
import * as repo from './events.repo.ts';

export const eventNotFound = () => notFound('Event not found');
const removedByModerator = () => new AppError('conflict', 'This event was deleted by a moderator');
const invalidFields = (fields: Record<string, string>) => new AppError('validation_failed', 'Some fields are not valid', fields);
const maxBelowGoing = (going: number) =>
  new AppError('conflict', `${going} people are already going (companions included): max cannot be lower`, { max: M.maxBelowGoing });

/* ------------------------------------------------------------------ reading */

/** Whose view: GET events-na and events-no-auth answer as to a visitor even when a session is sent. */
export type Viewer = Actor | null;

export const viewerIds = (viewer: Viewer): repo.ViewerIds => ({ userId: viewer?.userId ?? null, isModerator: viewer?.isModerator ?? false });

async function weekendRange(deps: AppDeps, now: Date, tz: string): Promise<{ from: Date; to: Date }> {
  // Saturday 00:00 to Monday 00:00 in the viewer's zone; on a Sunday, the weekend under way.
  const result = await sql<{ from: Date; to: Date }>`
    SELECT ((date_trunc('week', ${now}::timestamptz AT TIME ZONE ${tz}) + interval '5 days') AT TIME ZONE ${tz}) AS "from",
           ((date_trunc('week', ${now}::timestamptz AT TIME ZONE ${tz}) + interval '7 days') AT TIME ZONE ${tz}) AS "to"
  `.execute(deps.db);
  return result.rows[0]!;
}

/** An end date given without a time means the whole of that day. */
function endOfDay(date: Date): Date {
  const atMidnight = date.getUTCHours() === 0 && date.getUTCMinutes() === 0 && date.getUTCSeconds() === 0 && date.getUTCMilliseconds() === 0;
  return atMidnight ? new Date(date.getTime() + 24 * 3600 * 1000) : date;
}

interface ListedPage {
  ids: number[];
  limits: repo.RelationLimits;
  page: Omit<EventPage, 'data'>;
}

async function listPage(deps: AppDeps, viewer: Viewer, query: EventListQuery): Promise<ListedPage> {
  const now = deps.clock.now();
  let from = query.start_date ?? null;
  let to = query.end_date ? endOfDay(query.end_date) : null;
  if (query.preset === 'weekend') {
    const weekend = await weekendRange(deps, now, query.tz ?? 'UTC');
    from = from && from > weekend.from ? from : weekend.from;
    to = to && to < weekend.to ? to : weekend.to;
  }
  let distanceKm = effectiveDistanceKm(query.distance);
  if (query.preset === 'close') distanceKm = Math.min(distanceKm ?? CLOSE_TO_YOU_KM, CLOSE_TO_YOU_KM);
  const location = query.current_location;
  const hideVisibility = (['public', 'private', 'friends'] as const).filter((v) => query[`hide_${v}`]);
  const friendsPreset = query.preset === 'friends';
  // Default: what is on next. A chosen date range (or the weekend preset) lists that range in date order instead.
  const orderBy = query.order_by ?? (query.preset === 'trending' ? 'trending' : from || to ? 'start_date' : 'upcoming');

  const { ids, hasMore, nextAfter } = await repo.listEventIds(deps.db, {
    viewerId: viewer?.userId ?? null,
    now,
    distance: location && distanceKm !== null ? { lat: location.lat, lng: location.lng, meters: distanceKm * 1000 } : null,
    from,
    to,
    hideVisibility,
    hidePaid: query.hide_paid ?? false,
    hideFree: query.hide_free ?? false,
    categories: query.categories && query.categories.length > 0 ? query.categories : null,
    users: query.users && query.users.length > 0 ? query.users : null,
    friendsCreated: friendsPreset || (query.friends_created ?? false),
    friendsJoined: friendsPreset || (query.friends_joined ?? false),
    invited: query.invited ?? false,
    liked: query.liked ?? false,
    groupId: query.group_id ?? query.group_context ?? null,
    search: query.search ? query.search : null,
    order: { by: orderBy, dir: query.order_dir ?? (orderBy === 'created_at' || (orderBy === 'start_date' && query.order_by) ? 'desc' : 'asc') },
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
    after: query.after ?? null,
  });
  const limits: repo.RelationLimits = {
    users: query.with_users ?? query.with_attendees ?? RELATION_LIMIT,
    doubtUsers: query.with_doubt_users ?? RELATION_LIMIT,
    rejectedUsers: RELATION_LIMIT,
    friends: query.with_friends ?? 0,
    organizers: query.with_organizers ?? 0,
    invites: query.with_attendee_invites ?? 0,
  };
  // Nothing is counted (issue 16): the total is known on the last page, and unknown (null) before it
  // (after a cursor, the pages before are taken to be full: `page` numbers the page).
  const offset = (query.page - 1) * query.per_page;
  const total = hasMore || (ids.length === 0 && offset > 0) ? null : offset + ids.length;
  return { ids, limits, page: { current_page: query.page, per_page: query.per_page, total, has_more: hasMore, next_after: nextAfter } };
}

/** A list page (events §7 list call) as this viewer sees it. */
export async function listEvents(deps: AppDeps, viewer: Viewer, query: EventListQuery): Promise<EventPage> {
  const { ids, limits, page } = await listPage(deps, viewer, query);
  return { data: await presentEvents(deps, viewer, ids, limits), ...page };
}

/**
 * listEvents as the reply's bytes ({"data":{"data":[...], current_page, ...}}): each event from its
 * list card where there is one for this viewer (decision 0034), written once, and encoded piece by
 * piece (jsonListBuffer).
 */
export async function listEventsBody(deps: AppDeps, viewer: Viewer, query: EventListQuery): Promise<Buffer> {
  const { ids, limits, page } = await listPage(deps, viewer, query);
  const events = await presentListJson(deps, viewer, ids, limits, (some) => presentEvents(deps, viewer, some, limits));
  // EVENT_CARDS_VERIFY (tests): every list, whatever people it asks for, also checks the cards of its events.
  if (deps.config.EVENT_CARDS_VERIFY && !servesCards(limits)) await presentListJson(deps, viewer, ids, CARD_LIMITS, (some) => presentEvents(deps, viewer, some, CARD_LIMITS));
  return jsonListBuffer('{"data":{"data":[', events, `],${JSON.stringify(page).slice(1)}}`);
}

/** The events of `ids` as this viewer sees them, in that order; their attendees counted by the inventory. */
async function presentEvents(deps: AppDeps, viewer: Viewer, ids: number[], limits: repo.RelationLimits): Promise<Event[]> {
  const now = deps.clock.now();
  const rows = await repo.loadEventDetails(deps.db, ids, viewerIds(viewer), limits);
  const ownsOne = viewer !== null && rows.some((row) => row.user_id === viewer.userId);
  // The places taken, whose payout accounts are active (creator.stripe_approved), what remains of
  // each ticket type and the viewer's tickets; and the viewer's own account on their own events.
  const [payment, ownerAccount] = await Promise.all([
    liveEventFacts(deps.db, viewer?.userId ?? null, rows, ids, now),
    ownsOne ? paymentAccounts.accountStatusOf(deps.db, viewer.userId) : Promise.resolve(null),
  ]);
  return rows.map((row) =>
    presentEvent(row, payment.seats.get(row.id) ?? 0, viewer, {
      creatorApproved: payment.approved.has(row.user_id),
      ownerAccount: viewer !== null && row.user_id === viewer.userId ? ownerAccount : null,
      typesRemaining: payment.remaining,
      myTickets: payment.held.get(row.id) ?? 0,
    }),
  );
}

/** A person's events for their profile: created, or answered going or maybe; as this viewer may see them, newest start first. */
export async function profileEvents(
  deps: AppDeps,
  viewer: Actor,
  userId: number,
  kind: 'created' | 'joined',
  options: { limit: number; relations: repo.RelationLimits },
): Promise<Event[]> {
  const ids = await repo.profileEventIds(deps.db, userId, viewer.userId, kind, options.limit);
  return presentEvents(deps, viewer, ids, options.relations);
}

/** The event if the caller may see it, else a 404 exactly like a missing one. */
export async function loadVisible(deps: AppDeps, viewer: Viewer, ref: string | number) {
  const parsed = typeof ref === 'number' ? { id: ref } : parseEventRef(ref);
  if (!parsed) throw eventNotFound();
  const row = await repo.findEventForViewer(deps.db, parsed, viewer?.userId ?? null);
  // An event the caller may not see is answered exactly like a missing one.
  if (!row || !canViewEvent(viewer, row)) throw eventNotFound();
  return row;
}

/**
 * loadVisible by id for callers whose sessions the route reads in its own statement (the auth hook's
 * `sessionInStatement`; visitors too), with other values read in the same statement (`extra`,
 * another module's expressions over the event, computed only for a caller who may see it), checks
 * made together read together: the sessions, the events' checks and
 * `extra` (a function of the viewer's id as SQL and of the statement's time) in one round trip for
 * all the calls of a turn of the event loop (StatementBatch, decision 0046). Made once per route.
 */
export function visibleWithSessionChecks(deps: AppDeps, extra: (viewerId: RawBuilder<number>, now: Date) => repo.EventExtra) {
  return new StatementBatch<repo.SessionEventCheck, repo.SessionEventFound>((checks) => {
    const now = deps.clock.now();
    return repo.findEventsForSessionsWith(deps.db, checks, (tokenHash) => liveSessionOf(deps.db, tokenHash, now), extra(repo.SESSION_VIEWER, now));
  });
}

export type VisibleWithSessionChecks = ReturnType<typeof visibleWithSessionChecks>;

/**
 * One check of visibleWithSessionChecks: the caller's session (`session`; null: a visitor) and
 * the event. A bearer token without a live session answers 401 before the event is looked at, as
 * the hook would; an event the viewer may not see, 404. Answers the viewer, the event and how
 * many checks its statement read (`batched`).
 */
export async function loadVisibleWithSession(checks: VisibleWithSessionChecks, session: SessionInStatement | null, id: number) {
  const { value: found, batched } = await checks.load({ id, tokenHash: session?.tokenHash ?? null });
  const viewer = session ? await session.settle(found.session) : null;
  if (!found.event || !canViewEvent(viewer, found.event)) throw eventNotFound();
  return { viewer, row: found.event, batched };
}

/** The event as this viewer sees it on its page. */
export async function present(deps: AppDeps, viewer: Viewer, id: number): Promise<Event> {
  const [event] = await presentEvents(deps, viewer, [id], {
    users: PAGE_AVATARS,
    doubtUsers: PAGE_AVATARS,
    rejectedUsers: PAGE_AVATARS,
    friends: FRIENDS_RELATION_LIMIT,
    organizers: RELATION_LIMIT,
    invites: RELATION_LIMIT,
  });
  if (!event) throw eventNotFound();
  return event;
}

/** The event page: counts a visit unless the owner is looking or the page is only refreshed. */
export async function getEventPage(deps: AppDeps, viewer: Viewer, ref: string, options: { countVisit: boolean } = { countVisit: true }): Promise<Event> {
  const row = await loadVisible(deps, viewer, ref);
  if (options.countVisit && !isEventOwner(viewer, row)) await repo.countVisit(deps.db, row.id);
  return present(deps, viewer, row.id);
}

/* ------------------------------------------------------------------ writing */

/** Checks the references in a body against the database; every problem is reported by field. */
async function checkReferences(
  deps: AppDeps,
  actor: Actor,
  body: EventBody,
  options: { currentGroupId: number | null; companionsOwnerId: number | null },
): Promise<void> {
  const fields: Record<string, string> = {};
  if (body.group_id && body.group_id !== options.currentGroupId && !(await isGroupMember(deps.db, body.group_id, actor.userId))) {
    fields.group_id = M.notGroupMember;
  }
  if (body.categories.length > 0) {
    const known = new Set(await repo.existingCategoryIds(deps.db, body.categories));
    if (body.categories.some((id) => !known.has(id))) fields.categories = M.unknownCategory;
  }
  if (options.companionsOwnerId !== null && body.companions.length > 0) {
    const own = new Set(await ownCompanionIds(deps.db, options.companionsOwnerId, body.companions));
    if (body.companions.some((id) => !own.has(id))) fields.companions = M.unknownCompanion;
  }
  if (body.user_ownership && !(await users.userExists(deps.db, body.user_ownership))) fields.user_ownership = M.unknownUser;
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
}

function eventValues(body: EventBody): repo.EventWrite {
  const isVirtual = body.location_type === 'virtual';
  return {
    name: body.name,
    description: body.description,
    start_date: body.start_date,
    end_date: body.end_date,
    location_type: body.location_type,
    address: isVirtual ? '' : body.address,
    venue: isVirtual ? '' : body.venue,
    url: isVirtual ? body.url : '',
    lat: isVirtual ? null : (body.lat ?? null),
    lng: isVirtual ? null : (body.lng ?? null),
    min: body.min,
    max: body.max,
    max_companions: body.max_companions,
    visibility: visibilityFromFlags(body.is_private, body.is_friends),
    group_id: body.group_id ?? null,
    allow_whatsapp: body.allow_whatsapp,
    gallery_requires_approval: body.gallery_requires_approval,
  };
}

/** The body's pricing after events §5 'Sending an event' (the schema has refused what is not whole). */
function pricingOf(body: EventBody): Pricing {
  return normalizePricing({
    pricing_mode: body.pricing_mode,
    price: typeof body.price === 'number' ? body.price : null,
    currency: body.currency ?? null,
    ticket_name: body.ticket_name,
    ticket_description: body.ticket_description,
    ticket_types: body.ticket_types.map((t) => ({ ...t, price: typeof t.price === 'number' ? t.price : null, quantity: typeof t.quantity === 'number' ? t.quantity : null })),
  });
}

/**
 * The types to store, each with the id of the existing type it keeps (editing). A single price
 * keeps the event's first type; named ids must be the event's own types.
 */
async function ticketTypeWrites(db: Executor, eventId: number | null, body: EventBody, pricing: Pricing): Promise<repo.TicketTypeWrite[]> {
  const types = ticketTypesOf(pricing);
  const write = (t: (typeof types)[number], id: number | null) => ({ id, name: t.name, price: t.price, description: t.description, quantity: t.quantity, seat_type: t.seat_type ?? null });
  if (eventId === null) return types.map((t) => write(t, null));
  if (pricing.pricing_mode === 'single') {
    const [first] = await repo.listTicketTypes(db, eventId);
    return types.map((t) => write(t, first?.id ?? null));
  }
  const sentIds = body.ticket_types.map((t) => t.id ?? null);
  const own = new Set(await repo.ticketTypeIdsOfEvent(db, eventId, sentIds.filter((id): id is number => id !== null)));
  const fields: Record<string, string> = {};
  sentIds.forEach((id, i) => {
    if (id !== null && !own.has(id)) fields[`ticket_types.${i}.id`] = M.unknownTicketType;
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);
  return types.map((t, i) => write(t, sentIds[i] ?? null));
}

/** The ticket types to write with the seat type each sells, and the event's seating (decision 0036). */
async function typesAndSeating(deps: AppDeps, actor: Actor, body: EventBody, pricing: Pricing, current: { id: number | null; seat_template_id: number | null } | null) {
  const written = await ticketTypeWrites(deps.db, current?.id ?? null, body, pricing);
  const seating = await seats.eventSeating(deps.db, actor, {
    seated: body.seated,
    templateId: body.seat_template_id ?? null,
    // The event's own scheme (editing), or the cloned event's, may stay though it is not the caller's.
    currentTemplateId: current?.seat_template_id ?? null,
    paid: pricing.currency !== null,
    types: written,
  });
  return { types: written.map((t, i) => ({ ...t, seat_type: seating.seatTypes[i] ?? null })), seating };
}

async function renderUpload(body: EventBody): Promise<Awaited<ReturnType<typeof renderEventImage>> | null> {
  if (!body.base64) return null;
  const bytes = decodeBase64Image(body.base64, 'base64');
  if (bytes.length > EVENT_IMAGE_MAX_BYTES) {
    throw new AppError('payload_too_large', 'The picture is larger than 10 MB', { base64: 'The picture is larger than 10 MB' });
  }
  return renderEventImage(bytes, 'base64');
}

/** POST events/create, also in clone mode (clone_id, with user_ownership naming the new owner). */
export async function createEvent(deps: AppDeps, actor: Actor, body: EventBody): Promise<Event> {
  let source: repo.EventAccessRow | null = null;
  if (body.clone_id) {
    const found = await repo.findEventForViewer(deps.db, { id: body.clone_id }, actor.userId);
    if (!found || !canViewEvent(actor, found)) throw invalidFields({ clone_id: 'Event not found' });
    if (!canManageEvent(actor, found)) throw forbidden('Only the owner or a moderator can clone this event');
    source = found;
  } else if (body.user_ownership && body.user_ownership !== actor.userId) {
    throw invalidFields({ user_ownership: 'Another owner can be chosen only when cloning' });
  }
  const ownerId = body.user_ownership ?? actor.userId;
  // 'I am attending' is the caller's own answer: it applies when the caller will own the event.
  const ownerAttends = ownerId === actor.userId && body.is_attending !== false;
  await checkReferences(deps, actor, body, { currentGroupId: null, companionsOwnerId: ownerAttends ? actor.userId : null });

  const rendered = await renderUpload(body);
  let images: EventImageUrls | null = rendered ? await storeEventImage(deps.storage, ownerId, rendered) : null;
  if (!images && !body.remove_image && source?.image && source.m_image) images = await copyEventImage(deps.storage, ownerId, { image: source.image, m_image: source.m_image });

  const pricing = pricingOf(body);
  const { types, seating } = await typesAndSeating(deps, actor, body, pricing, source ? { id: null, seat_template_id: source.seat_template_id } : null);
  const now = deps.clock.now();
  try {
    const id = await inTransaction(deps.db, async (tx) => {
      await seats.lockEventSeating(tx, { eventId: null, seating, current: null, now });
      const row = await repo.insertEvent(tx, {
        ...eventValues(body),
        seated: seating.seated,
        seat_template_id: seating.seat_template_id,
        currency: pricing.currency,
        pricing_mode: pricing.pricing_mode,
        payment_mode: pricing.currency === null ? null : 'own',
        user_id: ownerId,
        image: images?.image ?? null,
        m_image: images?.m_image ?? null,
        clone_id: source?.id ?? null,
        now,
      });
      await repo.replaceCategories(tx, row.id, body.categories);
      if (pricing.currency !== null) await repo.replaceTicketTypes(tx, row.id, pricing.currency, types, now);
      if (ownerAttends) await rsvp.setOwnerAttendance(tx, row.id, ownerId, true, body.companions, now);
      // Whoever sets an event up for someone else co-organises it, so they keep seeing it.
      if (ownerId !== actor.userId) await repo.addOrganizer(tx, row.id, actor.userId, now);
      return row.id;
    });
    return await present(deps, actor, id);
  } catch (err) {
    if (images) await deleteStoredFiles(deps.storage, [images.image, images.m_image]);
    throw err;
  }
}

/** PUT events/{id}: the owner or a moderator. */
export async function updateEvent(deps: AppDeps, actor: Actor, id: number, body: EventBody): Promise<Event> {
  const current = await loadVisible(deps, actor, id);
  if (!canManageEvent(actor, current)) throw forbidden('Only the owner or a moderator can edit this event');
  if (current.deleted_by_moderator_at) throw removedByModerator();
  if (body.user_ownership && body.user_ownership !== current.user_id) {
    throw invalidFields({ user_ownership: 'Change the owner with the moderator ownership call' });
  }
  const isOwner = isEventOwner(actor, current);
  const attendance = isOwner && body.is_attending !== undefined ? body.is_attending : null;
  await checkReferences(deps, actor, body, { currentGroupId: current.group_id, companionsOwnerId: attendance ? actor.userId : null });

  const pricing = pricingOf(body);
  const { types, seating } = await typesAndSeating(deps, actor, body, pricing, current);
  const rendered = await renderUpload(body);
  const images = rendered ? await storeEventImage(deps.storage, current.user_id, rendered) : null;
  const now = deps.clock.now();
  let replaced: (string | null)[] = [];
  try {
    await inTransaction(deps.db, async (tx) => {
      const locked = await repo.lockEventForViewer(tx, id, actor.userId);
      if (!locked) throw eventNotFound(); // deleted meanwhile
      if (locked.deleted_by_moderator_at) throw removedByModerator();
      const imageChange = images ? { image: images.image, m_image: images.m_image } : body.remove_image ? { image: null, m_image: null } : {};
      if (images || body.remove_image) replaced = [locked.image, locked.m_image];
      const values = eventValues(body);
      await seats.lockEventSeating(tx, { eventId: id, seating, current: locked, now });
      await repo.updateEvent(tx, id, { ...values, ...imageChange, seated: seating.seated, seat_template_id: seating.seat_template_id, updated_at: now });
      await repo.replaceCategories(tx, id, body.categories);
      // Pricing: a paid event keeps its payment mode and product; made free it loses both, with its types.
      const paymentMode = pricing.currency === null ? null : (locked.payment_mode ?? 'own');
      await repo.setPricing(tx, id, { currency: pricing.currency, pricing_mode: pricing.pricing_mode, payment_mode: paymentMode, keepProduct: true }, now);
      if (pricing.currency !== null) await repo.replaceTicketTypes(tx, id, pricing.currency, types, now);
      if (attendance !== null) await rsvp.setOwnerAttendance(tx, id, actor.userId, attendance, body.companions, now);
      // The inventory's lock serializes this with joins: max never drops below who is already going.
      if (values.max !== null && (values.max !== locked.max || attendance !== null)) {
        const usage = await inventory.lockUsage(tx, id, now);
        if (usage && usage.taken > values.max) throw maxBelowGoing(usage.taken);
      }
    });
  } catch (err) {
    if (images) await deleteStoredFiles(deps.storage, [images.image, images.m_image]);
    throw err;
  }
  // The visibility may have changed: live rooms keep only the sockets of those who still see it.
  await deps.realtime?.recheckEvent(id, actor.userId);
  await deleteStoredFiles(deps.storage, replaced);
  return present(deps, actor, id);
}

/**
 * For a transaction that writes rows of an event after locking others (closing a checkout's hold,
 * then opening the next): the event's row first, against its deletion, so that a deletion waits
 * for the transaction or the transaction finds the event gone (404), where each would otherwise
 * wait for the other (the hold's row, then the event's) until PostgreSQL ends one (decision 0036).
 */
export async function keepEventUntilCommit(tx: Executor, id: number): Promise<void> {
  if (!(await repo.lockEventKey(tx, id))) throw eventNotFound();
}

/** Tries of the deletion when a writer that locked the event's rows in another order met it. */
const DELETE_TRIES = 3;

/** DELETE events/{id}: the owner removes the event and everything hanging off it. */
export async function deleteEvent(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  const current = await loadVisible(deps, actor, id);
  if (!canDeleteEvent(actor, current)) throw forbidden('Only the owner can delete this event');
  // The gallery's files go with the event (its rows go by cascade).
  const galleryFiles = await gallery.uploadFilesOfEvent(deps.db, id);
  // One statement, whole or not at all: tried again when it was the one PostgreSQL ended in a
  // deadlock with a writer of the event's rows (a job closing holds, a refund).
  for (let attempt = 1; ; attempt += 1) {
    try {
      await repo.deleteEvent(deps.db, id);
      break;
    } catch (err) {
      if (pgErrorCode(err) !== PG_ERROR.deadlock || attempt === DELETE_TRIES) throw err;
    }
  }
  await deps.realtime?.recheckEvent(id, actor.userId);
  await deleteStoredFiles(deps.storage, [current.image, current.m_image]);
  await gallery.deleteEventUploadFiles(deps, galleryFiles);
}

/** DELETE events/moderator/{id}: flagged, not erased; its page shows the 'deleted by moderator' banner. */
export async function moderatorDeleteEvent(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  // An event the caller may not see is a 404 on every route, this one included (decision 0009).
  const current = await loadVisible(deps, actor, id);
  if (!canModerate(actor)) throw forbidden('Only moderators can do this');
  if (!current.deleted_by_moderator_at) await repo.flagDeletedByModerator(deps.db, id, actor.userId, deps.clock.now());
  await deps.realtime?.recheckEvent(id, actor.userId);
}

/** The events a person answered going or maybe to, as rows, for their calendar feed (decision 0039). */
export async function listAnsweredEvents(db: Executor, userId: number, options: { endedAfter: Date; limit: number }): Promise<repo.EventRow[]> {
  return repo.answeredEventRows(db, userId, options.endedAfter, options.limit);
}

/** POST events/{id}/ownership: a moderator gives the event to another user. */
export async function changeOwner(deps: AppDeps, actor: Actor, id: number, userId: number): Promise<Event> {
  await loadVisible(deps, actor, id); // hidden: 404, as on every route
  if (!canModerate(actor)) throw forbidden('Only moderators can change the owner');
  if (!(await users.userExists(deps.db, userId))) throw invalidFields({ user_id: M.unknownUser });
  await repo.setEventOwner(deps.db, id, userId, deps.clock.now());
  // Friends events follow the owner's friendships, and the former owner may see it no more.
  await deps.realtime?.recheckEvent(id, actor.userId);
  return present(deps, actor, id);
}

/** POST events/{id}/like: toggles; answers whether the event is now liked. */
export async function toggleLike(deps: AppDeps, actor: Actor, id: number): Promise<boolean> {
  const current = await loadVisible(deps, actor, id);
  if (current.deleted_by_moderator_at) throw removedByModerator();
  return inTransaction(deps.db, (tx) => repo.toggleLike(tx, id, actor.userId, deps.clock.now()));
}

/* ------------------------------------------------------------------ lookups */

export async function listCategories(deps: AppDeps) {
  return repo.listCategories(deps.db);
}

export const USER_SEARCH_LIMIT = 20;

export async function searchUsers(deps: AppDeps, _actor: Actor, name: string): Promise<PublicUser[]> {
  const rows = await users.searchUsersByName(deps.db, name, USER_SEARCH_LIMIT);
  return rows.map(presentPublicUser);
}

/* ------------------------------------------------------------------ for other modules */

/** Whether the user co-organises the event (share: who may invite to a private event). */
export async function isOrganizer(db: Executor, eventId: number, userId: number): Promise<boolean> {
  return repo.isOrganizer(db, eventId, userId);
}

/* ------------------------------------------------------------------ payments (events §4 payment setup) */

/** An event's pricing as the payments module needs it. */
export interface EventPricing {
  id: number;
  hash: string;
  name: string;
  user_id: number;
  start_date: Date;
  currency: string | null;
  payment_mode: 'own' | 'planns' | null;
  stripe_product_id: string | null;
  /** People pick seats: on seat_template_id's scheme, or the default join map (decision 0036). */
  seated: boolean;
  seat_template_id: number | null;
  ticket_types: repo.TicketTypeRow[];
}

/** An event's pricing from its row and its ticket types (a free event has none, whatever is stored). */
function eventPricing(row: repo.EventRow, ticketTypes: repo.TicketTypeRow[]): EventPricing {
  return {
    id: row.id,
    hash: row.hash,
    name: row.name,
    user_id: row.user_id,
    start_date: row.start_date,
    currency: row.currency,
    payment_mode: row.payment_mode,
    stripe_product_id: row.stripe_product_id,
    seated: row.seated,
    seat_template_id: row.seat_template_id,
    ticket_types: row.currency === null ? [] : ticketTypes,
  };
}

async function pricingFrom(db: Executor, row: repo.EventRow): Promise<EventPricing> {
  return eventPricing(row, row.currency === null ? [] : await repo.listTicketTypes(db, row.id));
}

/** The pricing of an event the caller manages (owner or moderator): 404 when hidden, 403 when not theirs. */
export async function loadManagedPricing(deps: AppDeps, actor: Actor, id: number): Promise<EventPricing> {
  const row = await loadVisible(deps, actor, id);
  if (!canManageEvent(actor, row)) throw forbidden('Only the owner or a moderator can set up payments for this event');
  if (row.deleted_by_moderator_at) throw removedByModerator();
  return pricingFrom(deps.db, row);
}

/**
 * The pricing of an event the viewer may see (a buyer's checkout): 404 when hidden or removed by a
 * moderator. `extra`: values of other modules read in the same statement (findEventWithTicketTypes).
 */
export async function loadPricing(
  deps: AppDeps,
  viewer: Viewer,
  id: number,
  extra: Record<string, (ownerId: RawBuilder<number>) => RawBuilder<unknown>> = {},
): Promise<EventPricing & { extra: Record<string, unknown> }> {
  const row = await repo.findEventWithTicketTypes(deps.db, id, viewer?.userId ?? null, extra);
  // An event the caller may not see is answered exactly like a missing one.
  if (!row || !canViewEvent(viewer, row) || row.deleted_by_moderator_at) throw eventNotFound();
  return { ...eventPricing(row, row.ticket_types), extra: row.extra };
}

/** Records the event's product at the payment provider. */
export async function recordProduct(db: Executor, eventId: number, productId: string): Promise<void> {
  await repo.setProductId(db, eventId, productId);
}

/** Records a type's provider price (ignored when the type's price changed meanwhile). */
export async function recordTicketTypePrice(db: Executor, typeId: number, price: { id: string; unit_amount: number; currency: string }): Promise<boolean> {
  return repo.setTicketTypePrice(db, typeId, price);
}

/** Sets whose account sells a paid event's tickets (the caller has checked who may). */
export async function setPaymentMode(deps: AppDeps, eventId: number, mode: 'own' | 'planns'): Promise<void> {
  await inTransaction(deps.db, (tx) => repo.setPaymentMode(tx, eventId, mode, deps.clock.now()));
}

/**
 * POST events/{id}/disable-stripe (events §4 payment setup): the event becomes free, its ticket
 * types and product gone; the owner or a moderator.
 */
export async function disablePayments(deps: AppDeps, actor: Actor, id: number): Promise<{ id: number; hash: string; payment_mode: null }> {
  const row = await loadVisible(deps, actor, id);
  if (!canManageEvent(actor, row)) throw forbidden('Only the owner or a moderator can set up payments for this event');
  if (row.deleted_by_moderator_at) throw removedByModerator();
  await inTransaction(deps.db, async (tx) => {
    const locked = await repo.lockEventForViewer(tx, id, actor.userId);
    if (!locked) throw eventNotFound();
    await repo.setPricing(tx, id, { currency: null, pricing_mode: 'single', payment_mode: null, keepProduct: false }, deps.clock.now());
  });
  return { id: row.id, hash: row.hash, payment_mode: null };
}

/**
 * The person's events sold through their own payout account become free (a disconnected
 * account, accounts §4), in the caller's transaction; answers how many.
 */
export async function makeOwnPaidEventsFree(tx: Tx, userId: number, now: Date): Promise<number> {
  const ids = await repo.lockOwnPaidEventIds(tx, userId);
  for (const id of ids) await repo.setPricing(tx, id, { currency: null, pricing_mode: 'single', payment_mode: null, keepProduct: false }, now);
  return ids.length;
}
