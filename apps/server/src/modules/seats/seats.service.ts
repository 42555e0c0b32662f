import { isDeepStrictEqual } from 'node:util';
import { eventRoom } from '@planns/shared/realtime/realtime.rules';
import {
  DEFAULT_SEAT_LABEL_RULE,
  defaultJoinMap,
  layoutRows,
  layoutSeats,
  seatIndex,
  seatKey,
  SEAT_MESSAGES,
  SEAT_SCHEMES_PER_USER_MAX,
  ticketTypeForSeat,
  type SeatSchemeData,
} from '@planns/shared/seats/seats.rules';
import type { SeatTemplate, SeatTemplateBody } from '@planns/shared/seats/seats.schemas';
import { inTransaction, type Executor, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import type { SessionInStatement } from '../../http/auth-hook.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as events from '../events/events.service.ts';
import * as tickets from '../tickets/tickets.service.ts';
import { lockUser } from '../users/users.service.ts';
import { canReadTemplate, ownsTemplate } from './seats.policy.ts';
import type { SeatSnapshot, SeatSnapshots } from './seat-snapshots.ts';
import { presentTemplate } from './seats.presenter.ts';
import * as repo from './seats.repo.ts';

/**
 * Seat schemes (events §3 Seat template, §7 seats calls; issue 17; decision 0036): an organiser's
 * own, made in the scheme creator and chosen on the event form. A scheme an event uses is kept as
 * it is: its seats are named on tickets.
 */

const templateNotFound = () => notFound('Seat scheme not found');

/** The data as stored: the schema's output with the label rule filled in. */
function stored(data: SeatTemplateBody['data']): { json: string; seatCount: number } {
  const complete: SeatSchemeData = { ...data, seatLabel: data.seatLabel ?? DEFAULT_SEAT_LABEL_RULE };
  return { json: JSON.stringify(complete), seatCount: layoutSeats(complete).length };
}

export async function listTemplates(deps: AppDeps, actor: Actor): Promise<SeatTemplate[]> {
  return (await repo.listTemplates(deps.db, actor.userId)).map(presentTemplate);
}

/** GET seats/template/{id}: its maker's, or the scheme of an event the caller may see; else 404. */
export async function getTemplate(deps: AppDeps, viewer: Actor | null, id: number): Promise<SeatTemplate> {
  const row = await repo.findTemplate(deps.db, id);
  if (!row) throw templateNotFound();
  const usedByVisible = ownsTemplate(viewer, row) ? false : await repo.isTemplateOfVisibleEvent(deps.db, id, viewer?.userId ?? null);
  if (!canReadTemplate(viewer, row, usedByVisible)) throw templateNotFound();
  return presentTemplate(row);
}

export async function createTemplate(deps: AppDeps, actor: Actor, body: SeatTemplateBody): Promise<SeatTemplate> {
  const { json, seatCount } = stored(body.data);
  const id = await inTransaction(deps.db, async (tx) => {
    await lockUser(tx, actor.userId); // the count below cannot race a parallel create
    if ((await repo.countTemplates(tx, actor.userId)) >= SEAT_SCHEMES_PER_USER_MAX) {
      throw new AppError('validation_failed', SEAT_MESSAGES.schemesMax, { _: SEAT_MESSAGES.schemesMax });
    }
    const now = deps.clock.now();
    return (await repo.insertTemplate(tx, { user_id: actor.userId, name: body.name, data: json, seat_count: seatCount, created_at: now, updated_at: now })).id;
  });
  return presentTemplate((await repo.findTemplate(deps.db, id))!);
}

/**
 * The scheme locked for a change by its maker, unused: an event taking it up locks it for share
 * first, so the check after the lock sees every event that committed before.
 */
async function lockOwnUnused(tx: Parameters<typeof repo.lockTemplate>[0], actor: Actor, id: number): Promise<void> {
  const locked = await repo.lockTemplate(tx, id, 'update');
  if (!locked || !ownsTemplate(actor, locked)) throw templateNotFound();
  if (await repo.isTemplateUsed(tx, id)) throw new AppError('conflict', SEAT_MESSAGES.schemeUsed);
}

/** POST seats/template/{id}: a new name and data for an unused scheme of one's own. */
export async function updateTemplate(deps: AppDeps, actor: Actor, id: number, body: SeatTemplateBody): Promise<SeatTemplate> {
  const { json, seatCount } = stored(body.data);
  await inTransaction(deps.db, async (tx) => {
    await lockOwnUnused(tx, actor, id);
    await repo.updateTemplate(tx, id, { name: body.name, data: json, seat_count: seatCount, updated_at: deps.clock.now() });
  });
  return presentTemplate((await repo.findTemplate(deps.db, id))!);
}

/** DELETE seats/template/{id}: an unused scheme of one's own. */
export async function deleteTemplate(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    await lockOwnUnused(tx, actor, id);
    await repo.deleteTemplate(tx, id);
  });
}

/** GET seats/{eventId}'s answer: its bytes, and the snapshot when they are its shared body (compressed once there). */
export interface ReservedSeatsAnswer {
  body: Buffer;
  shared: SeatSnapshot | null;
  /** Whether this request read the seats (built) or found them kept, and the time it took to get them; null with no snapshots (SEATS_SNAPSHOT_EVENTS=0). */
  snapshot: { built: boolean; ms: number } | null;
  /** How many requests' checks the statement that checked this one read (decision 0046). */
  batched: number;
}

/**
 * The checks of GET seats/{eventId} (made once, with the route): the caller's session, the event's
 * check and the seats' key (seatStateKey) in one statement, shared by the requests of a turn of the
 * event loop (decision 0046). With the snapshots off (or checked: SEATS_SNAPSHOT_VERIFY), the
 * statement reads the answer itself too (reservedSeatsJson).
 */
export function reservedSeatsChecks(deps: AppDeps, snapshots: SeatSnapshots): events.VisibleWithSessionChecks {
  const verify = deps.config.SEATS_SNAPSHOT_VERIFY;
  return events.visibleWithSessionChecks(deps, (viewerId, now) => ({
    ...(snapshots.enabled ? { key: () => repo.eventSeatStateKey(now) } : {}),
    ...(!snapshots.enabled || verify ? { seats: () => repo.reservedSeatsJson(now, viewerId) } : {}),
  }));
}

/**
 * GET seats/{eventId} (events §7): the seats taken now on an event the caller may see (a visitor:
 * a public one), as {the_row, the_col}, with whether each is held or sold and the caller's own.
 * The statement that checks the event (`checks`, reservedSeatsChecks) reads the seats' key and the
 * caller's session (`session`, the route's sessionInStatement; null: a visitor); the answer is the
 * event's snapshot at that key, kept or read now (decision 0036: never older than that read).
 * With the snapshots off, the statement read the answer itself (reservedSeatsJson), as before.
 */
export async function reservedSeats(
  deps: AppDeps,
  snapshots: SeatSnapshots,
  checks: events.VisibleWithSessionChecks,
  session: SessionInStatement | null,
  eventId: number,
): Promise<ReservedSeatsAnswer> {
  const { viewer, row: event, batched } = await events.loadVisibleWithSession(checks, session, eventId);
  const viewerId = viewer?.userId ?? null;
  if (!viewer && event.visibility !== 'public') throw events.eventNotFound();
  if (!snapshots.enabled) return { body: Buffer.from(`{"data":${String(event.extra.seats ?? '[]')}}`), shared: null, snapshot: null, batched };
  const key = String(event.extra.key);
  const started = performance.now();
  const { snapshot, built } = await snapshots.get(eventId, key, () => repo.seatSnapshot(deps.db, eventId, deps.clock.now()));
  const ms = performance.now() - started;
  const { body, shared } = snapshot.bodyFor(viewerId);
  // SEATS_SNAPSHOT_VERIFY (tests): the answer read in full in the checking statement must be the
  // snapshot's at the same key (a snapshot read later, at another key, is newer and not compared).
  if (deps.config.SEATS_SNAPSHOT_VERIFY && snapshot.key === key && !isDeepStrictEqual((JSON.parse(body.toString()) as { data: unknown }).data, JSON.parse(String(event.extra.seats ?? '[]')))) {
    throw new Error(`The seat snapshot of event ${eventId} at ${key} is not the answer the database gives`);
  }
  return { body, shared: shared ? snapshot : null, snapshot: { built, ms }, batched };
}

/* ------------------------------------------------------------------ an event's seating (the event form) */

export interface EventSeating {
  seated: boolean;
  seat_template_id: number | null;
  /** Per ticket type, in order: the seat type it sells (null when not seated). */
  seatTypes: (number | null)[];
}

/**
 * The seat selector switch, scheme and seat types of an event form (decision 0036): a seated
 * event is paid; its scheme is the caller's own or the one it has; each ticket type sells one
 * seat type of the map, every seat type with seats is sold by one (one type and one ticket type:
 * that one, without asking). 422 by field otherwise.
 */
export async function eventSeating(
  db: Executor,
  actor: Actor,
  input: { seated: boolean; templateId: number | null; currentTemplateId: number | null; paid: boolean; types: readonly { seat_type?: number | null | undefined }[] },
): Promise<EventSeating> {
  if (!input.seated) return { seated: false, seat_template_id: null, seatTypes: input.types.map(() => null) };
  if (!input.paid) throw new AppError('validation_failed', SEAT_MESSAGES.seatedNeedsPrice, { seated: SEAT_MESSAGES.seatedNeedsPrice });
  let map = defaultJoinMap();
  if (input.templateId !== null) {
    const template = await repo.findTemplate(db, input.templateId);
    if (!template || !(ownsTemplate(actor, template) || template.id === input.currentTemplateId)) {
      throw new AppError('validation_failed', 'Seat scheme not found', { seat_template_id: 'Seat scheme not found' });
    }
    map = template.data as SeatSchemeData;
  }
  const used = [...new Set(layoutSeats(map).map((seat) => seat.type))].sort((a, b) => a - b);
  if (input.types.length === 1 && used.length === 1) return { seated: true, seat_template_id: input.templateId, seatTypes: [used[0]!] };
  const fields: Record<string, string> = {};
  const sold = new Set<number>();
  input.types.forEach((type, i) => {
    const seatType = type.seat_type;
    if (typeof seatType !== 'number' || seatType >= map.seatTypes.length) fields[`ticket_types.${i}.seat_type`] = SEAT_MESSAGES.seatTypeRequired;
    else if (sold.has(seatType)) fields[`ticket_types.${i}.seat_type`] = SEAT_MESSAGES.seatTypeSoldTwice;
    else sold.add(seatType);
  });
  const unsold = used.filter((type) => !sold.has(type));
  if (unsold.length > 0 && Object.keys(fields).length === 0) fields.ticket_types = SEAT_MESSAGES.seatTypeUnsold(map.seatTypes[unsold[0]!]!.label);
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', Object.values(fields)[0]!, fields);
  return { seated: true, seat_template_id: input.templateId, seatTypes: input.types.map((t) => t.seat_type ?? null) };
}

/**
 * In the transaction that saves an event: its scheme locked for share (so that the scheme cannot
 * change meanwhile, and is still there), and a change of seating refused while seats are held or
 * sold on the event.
 */
export async function lockEventSeating(tx: Tx, input: { eventId: number | null; seating: EventSeating; current: { seated: boolean; seat_template_id: number | null } | null; now: Date }): Promise<void> {
  const { seating, current } = input;
  if (seating.seat_template_id !== null && !(await repo.lockTemplate(tx, seating.seat_template_id, 'share'))) {
    throw new AppError('validation_failed', 'Seat scheme not found', { seat_template_id: 'Seat scheme not found' });
  }
  const changed = current !== null && (current.seated !== seating.seated || current.seat_template_id !== seating.seat_template_id);
  if (changed && input.eventId !== null && (await repo.hasLiveClaims(tx, input.eventId, input.now))) {
    throw new AppError('conflict', SEAT_MESSAGES.mapInUse, { seated: SEAT_MESSAGES.mapInUse });
  }
}

/* ------------------------------------------------------------------ holding and selling seats */

/**
 * After a committed change to an event's seats (held, sold, freed): the event's followers' open
 * charts fetch the seats again (GET seats/{eventId}, as each may see them; the message says only
 * which event).
 */
export function announceSeats(deps: Pick<AppDeps, 'realtime'>, eventId: number, by: number | null): void {
  deps.realtime?.emit(eventRoom('seats_changed', eventId), 'seats_changed', { event_id: eventId, by });
}

/** A seat picked on a checkout, as the server's own map names it, with the ticket type it sells as. */
export interface SeatPick {
  row: number;
  col: number;
  label: string;
  ticket_type_id: number;
}

/** The map of a seated event: its scheme's data, or the spec's default join map (events §9). */
export async function eventMap(db: Executor, event: { seated: boolean; seat_template_id: number | null }): Promise<SeatSchemeData | null> {
  if (!event.seated) return null;
  if (event.seat_template_id === null) return defaultJoinMap();
  const row = await repo.findTemplate(db, event.seat_template_id);
  return row ? (row.data as SeatSchemeData) : defaultJoinMap();
}

function seatFields(problems: [number, string][]): AppError {
  return new AppError('validation_failed', problems[0]![1], Object.fromEntries(problems.map(([i, message]) => [`seats.${i}`, message])));
}

/**
 * The picks of a checkout on the event's map (decision 0036): each a seat of the map, once, sold
 * as the ticket type of its seat type (a map with one seat type and an event with one ticket
 * type: that one). 422 per seat otherwise.
 */
export function resolvePicks(map: SeatSchemeData, ticketTypes: readonly { id: number; seat_type: number | null }[], picks: readonly { row: number; col: number }[]): SeatPick[] {
  // Only the picked rows are laid out: a row's labels depend on that row alone (a 5,000-seat hall
  // laid out whole took milliseconds of every checkout's time).
  const seats = seatIndex(layoutRows(map, picks.map((pick) => pick.row)));
  const problems: [number, string][] = [];
  const seen = new Set<string>();
  const resolved: SeatPick[] = [];
  picks.forEach((pick, i) => {
    const seat = seats.get(seatKey(pick.row, pick.col));
    const shown = `${pick.row + 1}-${pick.col + 1}`;
    if (!seat) return void problems.push([i, SEAT_MESSAGES.seatUnknown(shown)]);
    if (seen.has(seatKey(pick.row, pick.col))) return void problems.push([i, SEAT_MESSAGES.seatTwice(seat.label)]);
    seen.add(seatKey(pick.row, pick.col));
    const type = ticketTypeForSeat(ticketTypes, seat.type);
    if (!type) return void problems.push([i, SEAT_MESSAGES.seatNotOnSale(seat.label)]);
    resolved.push({ row: seat.row, col: seat.col, label: seat.label, ticket_type_id: type.id });
  });
  if (problems.length > 0) throw seatFields(problems);
  return resolved;
}

/**
 * Holds the picked seats for an order until `until`, in the caller's transaction: seats whose
 * hold is over are freed first, then claimed; a seat someone else holds or bought answers 409
 * seat_taken naming each (the caller's transaction, and so the order, goes back).
 */
export async function holdSeats(tx: Tx, input: { eventId: number; orderId: number; picks: readonly SeatPick[]; until: Date; now: Date }): Promise<void> {
  await repo.deleteLapsedClaims(tx, input.eventId, input.picks, input.now);
  const claimed = await repo.insertClaims(tx, input.eventId, input.picks, { order: input.orderId, until: input.until }, input.now);
  refuseUnclaimed(input.picks, claimed, 'seats');
}

/** 409 seat_taken naming each pick that was not claimed (field `${field}.{i}`). */
function refuseUnclaimed(picks: readonly { row: number; col: number; label: string }[], claimedRows: readonly { the_row: number; the_col: number }[], field: string): void {
  const claimed = new Set(claimedRows.map((s) => seatKey(s.the_row, s.the_col)));
  const taken = picks.map((pick, i) => [i, pick] as const).filter(([, pick]) => !claimed.has(seatKey(pick.row, pick.col)));
  if (taken.length === 0) return;
  const labels = taken.map(([, pick]) => pick.label);
  throw new AppError(
    'seat_taken',
    labels.length === 1 ? SEAT_MESSAGES.seatTaken(labels[0]!) : SEAT_MESSAGES.seatsTaken(labels),
    Object.fromEntries(taken.map(([i, pick]) => [`${field}.${i}`, SEAT_MESSAGES.seatTaken(pick.label)])),
  );
}

/**
 * Seats given with tickets the organiser issues or gifts (accounts §4 Gifting), in the caller's
 * transaction: each ticket gets its seat at once, sold; a seat someone holds or bought answers 409
 * seat_taken naming it (field `${field}.{i}`), and nothing is given.
 */
export async function seatIssuedTickets(tx: Tx, input: { eventId: number; picks: readonly SeatPick[]; ticketIds: readonly number[]; field: string; now: Date }): Promise<void> {
  const sold = input.picks.map((pick, i) => ({ row: pick.row, col: pick.col, label: pick.label, ticket_id: input.ticketIds[i]! }));
  await repo.deleteLapsedClaims(tx, input.eventId, input.picks, input.now);
  refuseUnclaimed(input.picks, await repo.insertClaims(tx, input.eventId, sold, 'tickets', input.now), input.field);
  await tickets.setTicketSeats(tx, sold.map((s) => ({ id: s.ticket_id, row: s.row, col: s.col, label: s.label })));
}

/** Releases the seats an order holds (its hold ended, failed or was replaced). */
export async function releaseOrderSeats(tx: Tx, orderId: number): Promise<void> {
  await repo.deleteOrderClaims(tx, orderId);
}

/** Releases the seats of refunded tickets. */
export async function releaseTicketSeats(tx: Tx, ticketIds: readonly number[]): Promise<void> {
  await repo.deleteTicketClaims(tx, ticketIds);
}

/**
 * A paid seated order's seats become its tickets' (its fulfilment, in the caller's transaction):
 * the seats it still holds, or claims anew when its hold ended and nobody took them; each ticket
 * (in its order's positions) gets a seat of its type. A seat taken by another meanwhile answers
 * sold_out, and the caller refunds the payment.
 */
export async function sellOrderSeats(
  tx: Tx,
  input: { eventId: number; orderId: number; picks: readonly SeatPick[]; tickets: readonly { id: number; ticket_type_id: number | null; order_position: number | null }[]; now: Date },
): Promise<void> {
  const { eventId, orderId, picks, now } = input;
  await repo.deleteLapsedClaims(tx, eventId, picks, now, orderId);
  await repo.insertClaims(tx, eventId, picks, { order: orderId, until: now }, now);
  const held = await repo.lockOrderClaims(tx, eventId, orderId, picks);
  if (held.length !== picks.length) throw new AppError('sold_out', 'A seat of this order was taken after its hold ended');
  const queues = new Map<number, SeatPick[]>();
  for (const pick of picks) {
    const queue = queues.get(pick.ticket_type_id) ?? [];
    queue.push(pick);
    queues.set(pick.ticket_type_id, queue);
  }
  const ordered = [...input.tickets].sort((a, b) => (a.order_position ?? 0) - (b.order_position ?? 0));
  const sold: { row: number; col: number; ticket_id: number; label: string }[] = [];
  for (const ticket of ordered) {
    const seat = ticket.ticket_type_id === null ? undefined : queues.get(ticket.ticket_type_id)?.shift();
    if (!seat) throw new AppError('sold_out', 'A ticket of this order has no seat');
    sold.push({ row: seat.row, col: seat.col, ticket_id: ticket.id, label: seat.label });
  }
  await repo.sellClaims(tx, eventId, sold);
  await tickets.setTicketSeats(tx, sold.map((s) => ({ id: s.ticket_id, row: s.row, col: s.col, label: s.label })));
}
