import { sql, type RawBuilder } from 'kysely';
import { paddedIds, type Executor } from '../../db/database.ts';

/** SQL only (CONVENTIONS §3): the events' list cards (migration 0016, decision 0034). */

/** One event of a page: its card (body null: none yet, or stale) and the viewer's own answer and like. */
export interface CardStateRow<Facts> {
  id: number;
  /** The card's version when read (0: no card row yet); a fill stores only over this version. */
  version: number;
  body: string | null;
  facts: Facts | null;
  my_status: 'going' | 'maybe' | 'rejected' | null;
  my_note: string | null;
  my_companions: (number | string)[];
  is_liked: boolean;
  /** The viewer as a person going (null unless they are going). */
  me_json: { id: number; name: string | null; avatar: string | null; avatar_m: string | null; avatar_s: string | null; companions_amount: number } | null;
}

/**
 * The cards of `ids` and, for a signed-in viewer, their answer (with the viewer as shown among the
 * people going), note, companions and like; one statement. Read before anything a stale card is
 * rebuilt from, so the version read is never newer than what the rebuild reads.
 */
export async function loadCardStates<Facts, Extra = never>(
  db: Executor,
  ids: number[],
  viewerId: number | null,
  extra?: RawBuilder<Extra>,
): Promise<{ rows: CardStateRow<Facts>[]; extra: Extra[] }> {
  // `extra`: rows of another statement read with these (the page's live facts), as JSON on the first row only.
  const extraColumn = extra ? sql`CASE WHEN i.n = 1 THEN (SELECT coalesce(json_agg(x), '[]'::json) FROM (${extra}) x) END` : sql`NULL`;
  // The ids padded (paddedIds: the statement keeps its generic plan); the padding's rows dropped.
  const padded = paddedIds(ids);
  const done = (rows: (CardStateRow<Facts> & { extra_json: Extra[] | null })[]) => ({ rows: rows.slice(0, ids.length), extra: rows[0]?.extra_json ?? [] });
  if (viewerId === null) {
    const result = await sql<CardStateRow<Facts> & { extra_json: Extra[] | null }>`
      SELECT i.id, coalesce(c.version, 0)::int AS version, c.body, c.facts,
        NULL AS my_status, NULL AS my_note, '{}'::bigint[] AS my_companions, false AS is_liked, NULL AS me_json, ${extraColumn} AS extra_json
      FROM unnest(${padded}::bigint[]) WITH ORDINALITY AS i(id, n) LEFT JOIN event_cards c ON c.event_id = i.id
      ORDER BY i.n
    `.execute(db);
    return done(result.rows);
  }
  const result = await sql<CardStateRow<Facts> & { extra_json: Extra[] | null }>`
    SELECT i.id, coalesce(c.version, 0)::int AS version, c.body, c.facts, ${extraColumn} AS extra_json,
      me.status AS my_status, me.note AS my_note,
      CASE WHEN me.user_id IS NULL THEN '{}'::bigint[] ELSE
        (SELECT coalesce(array_agg(mc.companion_id ORDER BY mc.companion_id), '{}') FROM event_user_companions mc
          WHERE mc.event_id = i.id AND mc.user_id = ${viewerId}) END AS my_companions,
      (l.user_id IS NOT NULL) AS is_liked,
      CASE WHEN me.status = 'going' THEN
        (SELECT json_build_object('id', u.id, 'name', u.name, 'avatar', u.avatar, 'avatar_m', u.avatar_m, 'avatar_s', u.avatar_s,
          'companions_amount', me.companions_amount) FROM users u WHERE u.id = me.user_id) END AS me_json
    FROM unnest(${padded}::bigint[]) WITH ORDINALITY AS i(id, n)
    LEFT JOIN event_cards c ON c.event_id = i.id
    LEFT JOIN event_users me ON me.event_id = i.id AND me.user_id = ${viewerId}
    LEFT JOIN event_likes l ON l.event_id = i.id AND l.user_id = ${viewerId}
    ORDER BY i.n
  `.execute(db);
  return done(result.rows);
}

/**
 * Stores built cards, each only where its card is still at the version read before it was built
 * (a write since then made it stale again: what was built may predate that write) and its event
 * still exists. Sorted by event, as the triggers lock cards.
 */
export async function fillCards(db: Executor, cards: { event_id: number; version: number; body: string; facts: unknown }[]): Promise<void> {
  if (cards.length === 0) return;
  await sql`
    INSERT INTO event_cards (event_id, version, body, facts)
    SELECT c.event_id, c.version, c.body, c.facts
    FROM json_to_recordset(${JSON.stringify(cards)}::json) AS c(event_id bigint, version bigint, body text, facts json)
    WHERE EXISTS (SELECT 1 FROM events e WHERE e.id = c.event_id)
    ORDER BY c.event_id
    ON CONFLICT (event_id) DO UPDATE SET body = EXCLUDED.body, facts = EXCLUDED.facts
      WHERE event_cards.version = EXCLUDED.version
  `.execute(db);
}

/**
 * Events whose card is stale or not built yet (every event has a card row: migration 0018), with
 * the version read: those not over first, soonest first, then the past ones. Read through the
 * index of cards without a body, so an idle run costs nothing.
 */
export async function eventsWithoutCards(db: Executor, now: Date, limit: number): Promise<{ id: number; version: number }[]> {
  const result = await sql<{ id: number; version: number }>`
    SELECT c.event_id AS id, c.version::int AS version
    FROM event_cards c JOIN events e ON e.id = c.event_id
    WHERE c.body IS NULL AND e.deleted_by_moderator_at IS NULL
    ORDER BY (e.ends_at >= ${now}) DESC, e.start_date, e.id
    LIMIT ${limit}
  `.execute(db);
  return result.rows;
}
