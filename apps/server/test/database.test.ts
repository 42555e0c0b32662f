import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb } from '../src/db/database.ts';
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
