import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, GENERIC_ARRAY_ESTIMATE, paddedIds } from '../src/db/database.ts';
import { loadCardStates } from '../src/modules/events/event-cards.repo.ts';
import { paidPageFactsQuery } from '../src/modules/events/event-payment-facts.ts';
import { loadEventDetails } from '../src/modules/events/events.repo.ts';
import { createTestDatabase } from './harness.ts';

/* The values of every statement pass PreparingClient: arrays of numbers go as literals (numberArrayLiteral). */

const database = await createTestDatabase();
const db = createDb(database.url, 2);
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('arrays of numbers as statement values', () => {
  it('reach PostgreSQL as the same arrays, prepared or not, whatever the element type', async () => {
    const ids = [1, 22, 9007199254740991];
    const floats = [1.5, -2e-7, 1e21, 0];
    for (let run = 0; run < 7; run += 1) {
      // Past five runs a prepared statement may switch to a generic plan: the values still arrive alike.
      const row = await sql<Record<string, string | number>>`
        SELECT (${ids}::bigint[])::text AS ids, (${[-3, 0, 7]}::int[])::text AS ints, ${floats}::float8[] = ARRAY[1.5, -2e-7, 1e21, 0]::float8[] AS floats,
          (${[1, 2]}::text[])::text AS texts, (${[]}::bigint[])::text AS empty, cardinality(${ids}::bigint[]) AS n
      `.execute(db);
      expect(row.rows[0]).toEqual({ ids: '{1,22,9007199254740991}', ints: '{-3,0,7}', floats: true, texts: '{1,2}', empty: '{}', n: 3 });
    }
  });

  it('still match rows through ANY and unnest, beside strings that pg escapes itself', async () => {
    const result = await sql<{ id: number; label: string }>`
      SELECT i.id::int AS id, t.label FROM unnest(${[3, 1, 2]}::bigint[]) WITH ORDINALITY AS i(id, n)
      JOIN unnest(${['a"b', 'c\\d', 'e,f']}::text[]) WITH ORDINALITY AS t(label, n) ON t.n = i.n
      WHERE i.id = ANY(${[1, 3]}::bigint[]) ORDER BY i.n
    `.execute(db);
    expect(result.rows).toEqual([
      { id: 3, label: 'a"b' },
      { id: 1, label: 'c\\d' },
    ]);
  });
});

describe('a page of a few events (decision 0050)', () => {
  it('pads its ids to the generic plan\'s estimate, keeping longer lists as they are', () => {
    expect(paddedIds([7, 3])).toEqual([7, 3, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(paddedIds([7, 3])).toHaveLength(GENERIC_ARRAY_ESTIMATE);
    const long = Array.from({ length: 12 }, (_, i) => i + 1);
    expect(paddedIds(long)).toBe(long);
  });

  it('keeps the generic plans of its cards and details, which it would otherwise plan again on every page', async () => {
    // One connection: its prepared statements and their plan counts are PostgreSQL's own.
    const one = createDb(database.url, 1);
    try {
      const ids = [3, 1, 2];
      const now = new Date();
      for (let run = 0; run < 8; run += 1) {
        const { rows } = await loadCardStates(one, ids, 5, paidPageFactsQuery(one, 5, ids, now).query);
        expect(rows.map((row) => row.id)).toEqual(ids); // the padding's rows dropped
        await loadEventDetails(one, ids, { userId: 5, isModerator: false }, { users: 3, doubtUsers: 0, rejectedUsers: 0, friends: 0, organizers: 0, invites: 0 });
      }
      const plans = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
        SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements
        WHERE statement LIKE '%LEFT JOIN event_cards c ON c.event_id = i.id%' OR statement LIKE '%CROSS JOIN LATERAL%'
      `.execute(one);
      expect(plans.rows).toHaveLength(2);
      // Five plans for the values, then the generic plan for every later run.
      for (const plan of plans.rows) expect({ generic: plan.generic_plans, custom: plan.custom_plans }).toEqual({ generic: 3, custom: 5 });
    } finally {
      await one.destroy();
    }
  });
});
