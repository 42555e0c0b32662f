import { describe, expect, it } from 'vitest';
import { createTestApp, injector, openVerifiedPayoutAccount, seatedEventBody, signedInPerson, TEST_CARD } from './harness.ts';

/**
 * An event deleted while a buyer replaces their checkout on it (decision 0036): the replacing
 * transaction closed the earlier hold (its row locked) and then wrote the new order (a reference
 * to the event, which waits for the deletion), while the deletion held the event and waited for
 * the hold's row: PostgreSQL ended one of them and the person got a 500. The checkout now locks the
 * event first; the deletion happens whole, and the checkout answers 200 or 404, never 500.
 */
const ctx = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
const { app, db } = ctx;
const call = injector(app);
const owner = await signedInPerson(ctx, 'Olga Organiser');
await openVerifiedPayoutAccount(app, owner.headers);
const scheme = (await call('POST', '/api/seats/templates', owner.headers, { name: 'Hall', data: { rows: 3, columns: 4, rowSpacers: [], columnSpacers: [], seatTypes: [{ label: 'Stalls', price: 2000 }] } })).json().data as { id: number };
const ROUNDS = 60;

/** A seated event on the hall, its one ticket type selling its seats, on sale. */
async function seatedEventOnSale(name: string): Promise<number> {
  const created = await call('POST', '/api/events/create', owner.headers, seatedEventBody(name, scheme.id, [{ name: 'Stalls', price: 2000, currency: 'EUR', seat_type: 0 }]));
  const id = created.json().data.id as number;
  await call('POST', `/api/payments/create-product/${id}`, owner.headers);
  return id;
}

function embedUrl(eventId: number, session: string, seat: { row: number; col: number }) {
  return `/api/payments/embed/${eventId}?${new URLSearchParams({ current_session: session, 'seats[0][row]': String(seat.row), 'seats[0][col]': String(seat.col), 'seats[0][label]': 'A1' })}`;
}

describe('an event deleted during a checkout on it', () => {
  it('is deleted whole, and the checkout answers 200 or 404, never 500', { timeout: 120_000 }, async () => {
    const buyer = await signedInPerson(ctx, 'Ben Buyer');
    const answers: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const id = await seatedEventOnSale(`Night ${i}`);
      ids.push(id);
      const first = await call('GET', embedUrl(id, `ben-session-${i}`, { row: 0, col: 0 }), buyer.headers);
      expect(first.statusCode, first.body).toBe(200);
      // The deletion starts a little after the new pick, by a different step each round.
      const [deleted, replaced] = await Promise.all([
        new Promise((resolve) => setTimeout(resolve, (i % 8) * 1.5)).then(() => call('DELETE', `/api/events/${id}`, owner.headers)),
        call('GET', embedUrl(id, `ben-session-${i}`, { row: 0, col: 1 }), buyer.headers),
      ]);
      answers.push(`${deleted.statusCode}/${replaced.statusCode}`);
      if (replaced.statusCode === 404) expect(replaced.json().error.message).toBe('Event not found');
    }
    expect(answers.filter((a) => !['200/200', '200/404'].includes(a))).toEqual([]);
    // Nothing of the events is left: their orders and seats went with them.
    expect(await db.selectFrom('events').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect(await db.selectFrom('event_seats').select('event_id').where('event_id', 'in', ids).execute()).toEqual([]);
  });

  it('and during a refund on it: the refund is recorded whole or not made, never a 500', { timeout: 120_000 }, async () => {
    const buyer = await signedInPerson(ctx, 'Rita Refunded');
    const answers: string[] = [];
    for (let i = 0; i < ROUNDS / 2; i += 1) {
      const id = await seatedEventOnSale(`Refund night ${i}`);
      const checkout = (await call('GET', embedUrl(id, `rita-session-${i}`, { row: 1, col: 1 }), buyer.headers)).json().data as { id: string; order_id: number };
      await call('POST', `/api/test-provider/checkout/${checkout.id}/pay`, {}, TEST_CARD);
      await call('GET', `/api/payments/session/${checkout.id}`, buyer.headers);
      // The refund starts a little after the deletion, by a different step each round.
      const [deleted, refunded] = await Promise.all([
        call('DELETE', `/api/events/${id}`, owner.headers),
        new Promise((resolve) => setTimeout(resolve, i % 8)).then(() => call('POST', `/api/orders/${checkout.order_id}/refund`, owner.headers, {})),
      ]);
      answers.push(`${deleted.statusCode}/${refunded.statusCode}`);
      // A refund answered is a refund recorded; one refused left the order paid.
      const order = await db.selectFrom('orders').select(['status']).where('id', '=', checkout.order_id).executeTakeFirstOrThrow();
      const refunds = await db.selectFrom('refunds').select('id').where('order_id', '=', checkout.order_id).execute();
      expect([order.status, refunds.length]).toEqual(refunded.statusCode === 200 ? ['refunded', 1] : ['paid', 0]);
    }
    // The refund first (200), or the event's tickets gone with it first ('Choose valid tickets': 422).
    expect(answers.filter((a) => !['200/200', '200/422'].includes(a))).toEqual([]);
  });
});
