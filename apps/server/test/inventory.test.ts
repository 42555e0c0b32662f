import { describe, expect, it } from 'vitest';
import { inTransaction, type Tx } from '../src/db/database.ts';
import { AppError } from '../src/http/app-error.ts';
import * as inventory from '../src/modules/inventory/inventory.service.ts';
import { addResponse, buildEvent } from './event-factory.ts';
import { buildUser, createTestApp } from './harness.ts';

/**
 * The inventory module on a real PostgreSQL (decision 0025): one counting rule, one lock, one
 * check, used here directly as RSVP, and later holds and tickets, use them. rsvp.test.ts covers
 * the same through the HTTP routes.
 */
const ctx = await createTestApp();
const { db } = ctx;

const rsvp = (userId: number): inventory.Consumer => ({ kind: 'rsvp', id: userId });

/** A going answer claimed and written in one transaction, as rsvp.service does. */
async function claimGoing(eventId: number, userId: number, companions: number): Promise<void> {
  await inTransaction(db, async (tx: Tx) => {
    await inventory.reserve(tx, { eventId, consumer: rsvp(userId), seats: inventory.answerSeats('going', companions), now: ctx.clock.now() });
    await tx
      .insertInto('event_users')
      .values({ event_id: eventId, user_id: userId, status: 'going', companions_amount: companions })
      .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ status: 'going', companions_amount: companions }))
      .execute();
  });
}

async function errorOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
}

describe('inventory: counting', () => {
  it('counts a going answer as the person plus their companions, and maybe and not going as nothing, for many events at once', async () => {
    const event = await buildEvent(db, { max: 10 });
    const other = await buildEvent(db, { max: 10 });
    const empty = await buildEvent(db);
    const [a, b, c, d] = await Promise.all(['A', 'B', 'C', 'D'].map((name) => buildUser(db, { name: `Count ${name}` })));
    await addResponse(db, event.id, a!.id, 'going', { companions_amount: 2 });
    await addResponse(db, event.id, b!.id, 'going');
    await addResponse(db, event.id, c!.id, 'maybe', { companions_amount: 3 });
    await addResponse(db, event.id, d!.id, 'rejected');
    await addResponse(db, other.id, a!.id, 'going', { companions_amount: 1 });
    const seats = await inventory.seatsTaken(db, [event.id, other.id, empty.id], ctx.clock.now());
    expect([...seats.entries()]).toEqual([
      [event.id, 4],
      [other.id, 2],
      [empty.id, 0],
    ]);
    expect(await inTransaction(db, (tx) => inventory.lockUsage(tx, event.id, ctx.clock.now()))).toEqual({ size: 10, taken: 4 });
    expect(await inTransaction(db, (tx) => inventory.lockUsage(tx, 2_000_000_000, ctx.clock.now()))).toBeUndefined();
  });
});

describe('inventory: reserve', () => {
  it('refuses a claim past the size, leaves out the claimant’s own places, and always lets a claim of none through', async () => {
    const event = await buildEvent(db, { max: 4 });
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((name) => buildUser(db, { name: `Claim ${name}` })));
    await claimGoing(event.id, a!.id, 2); // 3 places
    await claimGoing(event.id, b!.id, 0); // 4: full
    expect(await errorOf(claimGoing(event.id, c!.id, 0))).toBe('event_full');
    // A already holds 3: going with one companion instead (2 places) counts only B's 1 besides.
    await claimGoing(event.id, a!.id, 1);
    expect((await inventory.seatsTaken(db, [event.id], ctx.clock.now())).get(event.id)).toBe(3);
    await claimGoing(event.id, c!.id, 0);
    expect(await errorOf(claimGoing(event.id, b!.id, 1))).toBe('event_full'); // B 1 -> 2 would make 5
    // Maybe, not going, a release: no places, fine even on a full event.
    expect(await errorOf(inTransaction(db, (tx) => inventory.reserve(tx, { eventId: event.id, consumer: rsvp(c!.id), seats: 0, now: ctx.clock.now() })))).toBeNull();
    expect(await errorOf(inTransaction(db, (tx) => inventory.reserve(tx, { eventId: 2_000_000_000, consumer: rsvp(c!.id), seats: 0, now: ctx.clock.now() })))).toBe('not_found');
  });

  it('takes any claim on an event without max', async () => {
    const event = await buildEvent(db, { max: null });
    const user = await buildUser(db, { name: 'Unlimited' });
    await claimGoing(event.id, user.id, 40);
    expect((await inventory.seatsTaken(db, [event.id], ctx.clock.now())).get(event.id)).toBe(41);
  });

  it('never oversells when many claims race (the row lock serializes them)', async () => {
    const max = 5;
    const event = await buildEvent(db, { max });
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => buildUser(db, { name: `Racer ${i}` })));
    const outcomes = await Promise.all(people.map((p) => errorOf(claimGoing(event.id, p.id, 0))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(max);
    expect(outcomes.filter((o) => o === 'event_full')).toHaveLength(people.length - max);
    expect((await inventory.seatsTaken(db, [event.id], ctx.clock.now())).get(event.id)).toBe(max);
  });
});
