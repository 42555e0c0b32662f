import { DEFAULT_SEAT_LABEL_RULE, layoutSeats, SEAT_MESSAGES, SEAT_SCHEMES_PER_USER_MAX, type SeatSchemeData } from '@planns/shared/seats/seats.rules';
import type { SeatTemplate, SeatTemplateBody } from '@planns/shared/seats/seats.schemas';
import { inTransaction } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import * as events from '../events/events.service.ts';
import { lockUser } from '../users/users.service.ts';
import { canReadTemplate, ownsTemplate } from './seats.policy.ts';
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

/**
 * GET seats/{eventId} (events §7): the seats taken now on an event the caller may see (a visitor:
 * a public one), as {the_row, the_col}, with whether each is held or sold and the caller's own.
 */
export async function reservedSeats(deps: AppDeps, viewer: Actor | null, eventId: number) {
  const event = await events.loadVisible(deps, viewer, eventId);
  if (!viewer && event.visibility !== 'public') throw events.eventNotFound();
  const rows = await repo.reservedSeats(deps.db, eventId, deps.clock.now(), viewer?.userId ?? null);
  return rows.map((row) => ({ the_row: row.the_row, the_col: row.the_col, state: row.sold ? ('sold' as const) : ('held' as const), own: row.own }));
}
