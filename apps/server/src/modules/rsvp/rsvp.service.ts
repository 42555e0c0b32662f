import type { Event } from '@planns/shared/events/events.schemas';
import { EVENT_FIELD_MESSAGES } from '@planns/shared/events/events.rules';
import type { JoinBody, RejectBody } from '@planns/shared/rsvp/rsvp.schemas';
import { inTransaction, type Executor, type Tx } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError } from '../../http/app-error.ts';
import * as events from '../events/events.service.ts';
import * as inventory from '../inventory/inventory.service.ts';
import { ownCompanionIds } from '../companions/companions.service.ts';
import { eventRoom } from '@planns/shared/realtime/realtime.rules';
import { notify } from '../notifications/notifications.service.ts';
import { queueAddOnJoin } from '../google-calendar/google-calendar.service.ts';
import * as repo from './rsvp.repo.ts';

async function loadAnswerable(deps: AppDeps, actor: Actor, eventId: number) {
  const event = await events.loadVisible(deps, actor, eventId);
  if (event.deleted_by_moderator_at) throw new AppError('conflict', 'This event was deleted by a moderator');
  return event;
}

/**
 * POST events/{id}/join: going (or maybe) with the caller's companions and a note. A going answer
 * must fit within max: the inventory locks the event's quota and recounts it in the same
 * transaction, so parallel joins can never oversell (events §4; CONVENTIONS §4; decision 0025).
 */
export async function join(deps: AppDeps, actor: Actor, eventId: number, body: JoinBody): Promise<Event> {
  const event = await loadAnswerable(deps, actor, eventId);
  const companions = [...new Set(body.companions)];
  const own = new Set(await ownCompanionIds(deps.db, actor.userId, companions));
  if (companions.some((id) => !own.has(id))) {
    throw new AppError('validation_failed', 'Some fields are not valid', { companions: EVENT_FIELD_MESSAGES.unknownCompanion });
  }
  if (event.max_companions !== null && companions.length > event.max_companions) {
    const message = `At most ${event.max_companions} companions`;
    throw new AppError('validation_failed', message, { companions: message });
  }
  const status = body.maybe ? 'maybe' : 'going';
  await inTransaction(deps.db, async (tx) => {
    await inventory.reserve(tx, { eventId, consumer: { kind: 'rsvp', id: actor.userId }, seats: inventory.answerSeats(status, companions.length), now: deps.clock.now() });
    const before = await repo.currentStatus(tx, eventId, actor.userId);
    const now = deps.clock.now();
    await repo.saveAnswer(tx, { eventId, userId: actor.userId, status, companionIds: companions, note: body.note, now });
    // The join payload's use_google_calendar (events §3): added by a job, so a slow or failing Google never fails the answer.
    if (body.use_google_calendar) await queueAddOnJoin(tx, deps, actor.userId, eventId);
    if (before === status) return;
    const action = status === 'going' ? 'user_joined_event' : 'user_maybe_event';
    await notify(tx, { recipients: [event.user_id], as: 'host', action, authorId: actor.userId, eventId, note: body.note, now });
  });
  deps.realtime?.emit(eventRoom('user_joined_event', eventId), 'user_joined_event', { event_id: eventId, by: actor.userId, status });
  return events.present(deps, actor, eventId);
}

/** POST events/{id}/reject: not going, with a note; companions are dropped. */
export async function reject(deps: AppDeps, actor: Actor, eventId: number, body: RejectBody): Promise<Event> {
  const event = await loadAnswerable(deps, actor, eventId);
  await inTransaction(deps.db, async (tx) => {
    await inventory.reserve(tx, { eventId, consumer: { kind: 'rsvp', id: actor.userId }, seats: 0, now: deps.clock.now() }); // frees places
    const before = await repo.currentStatus(tx, eventId, actor.userId);
    const now = deps.clock.now();
    await repo.saveAnswer(tx, { eventId, userId: actor.userId, status: 'rejected', companionIds: [], note: body.note, now });
    if (before === 'rejected') return;
    await notify(tx, { recipients: [event.user_id], as: 'host', action: 'user_rejected_event', authorId: actor.userId, eventId, note: body.note, now });
  });
  deps.realtime?.emit(eventRoom('user_rejected_event', eventId), 'user_rejected_event', { event_id: eventId, by: actor.userId, status: 'rejected' });
  return events.present(deps, actor, eventId);
}

/* ------------------------------------------------------------------ for other modules */

/** One person's answer to an event (going, maybe, rejected), or null. */
export async function currentStatus(db: Executor, eventId: number, userId: number): Promise<string | null> {
  return repo.currentStatus(db, eventId, userId);
}

/**
 * The owner's own answer, set from the event form inside the event's transaction: going with these
 * companions, or none (attending switched off). Its capacity is checked by the caller with the
 * inventory (decision 0024).
 */
export async function setOwnerAttendance(tx: Tx, eventId: number, userId: number, attending: boolean, companionIds: number[], now: Date): Promise<void> {
  await repo.setOwnerAttendance(tx, eventId, userId, attending, companionIds, now);
}

/** The person's answer (going, maybe, rejected), or null when they have none. */
export async function answerOf(db: Executor, eventId: number, userId: number): Promise<'going' | 'maybe' | 'rejected' | null> {
  return (await repo.currentStatus(db, eventId, userId)) as 'going' | 'maybe' | 'rejected' | null;
}

/** Whether the person is on the event's lists (going, maybe or not going): they may see its tickets' details (accounts §2). */
export async function hasAnswered(db: Executor, eventId: number, userId: number): Promise<boolean> {
  return (await repo.currentStatus(db, eventId, userId)) !== null;
}

/** A buyer with paid tickets is going (events §4 'going with tickets'), in the caller's transaction. */
export async function setGoingWithTickets(tx: Tx, eventId: number, userId: number, now: Date): Promise<void> {
  await repo.setGoing(tx, eventId, userId, now);
}

/** Everyone who answered, with their companions, for the guest list. */
export async function listAnswers(db: Executor, eventId: number) {
  const [answers, companions] = await Promise.all([repo.listAnswers(db, eventId), repo.listAnswerCompanions(db, eventId)]);
  return { answers, companions };
}
