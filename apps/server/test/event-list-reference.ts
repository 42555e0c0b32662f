import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../src/db/database.ts';
import type { EventListFilter } from '../src/modules/events/events.repo.ts';

/*
 * The events list's statements as they were before issue 16 (commit f9e1dc7), kept unchanged as
 * the reference the new ones are compared with (event-list-equivalence.test.ts): the visibility
 * rule as OR EXISTS per row, the friends and community filters as EXISTS, the search as
 * substrings or word similarity over each event's whole folded text, and a count(*) for the total.
 */

function visibleTo(viewerId: number | RawBuilder<number> | null): RawBuilder<boolean> {
  if (viewerId === null) return sql<boolean>`(e.visibility = 'public')`;
  return sql<boolean>`(
    e.visibility = 'public'
    OR e.user_id = ${viewerId}
    OR EXISTS (SELECT 1 FROM event_organizers o WHERE o.event_id = e.id AND o.user_id = ${viewerId})
    OR EXISTS (SELECT 1 FROM event_invites i WHERE i.event_id = e.id AND i.user_id = ${viewerId})
    OR EXISTS (SELECT 1 FROM event_users r WHERE r.event_id = e.id AND r.user_id = ${viewerId})
    OR (e.visibility = 'friends' AND EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = e.user_id AND f.friend_id = ${viewerId}))
  )`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filterConditions(f: EventListFilter): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [sql`e.deleted_by_moderator_at IS NULL`, visibleTo(f.viewerId)];
  if (f.distance) {
    const { lat, lng, meters } = f.distance;
    where.push(sql`e.lat IS NOT NULL`);
    where.push(sql`earth_box(ll_to_earth(${lat}, ${lng}), ${meters}) @> ll_to_earth(e.lat, e.lng)`);
    where.push(sql`earth_distance(ll_to_earth(${lat}, ${lng}), ll_to_earth(e.lat, e.lng)) <= ${meters}`);
  }
  if (f.from) where.push(sql`e.ends_at >= ${f.from}`);
  if (f.to) where.push(sql`e.start_date < ${f.to}`);
  if (f.hideVisibility.length > 0) where.push(sql`e.visibility <> ALL(${f.hideVisibility}::text[])`);
  if (f.hidePaid) where.push(sql`e.currency IS NULL`);
  if (f.hideFree) where.push(sql`e.currency IS NOT NULL`);
  if (f.categories) {
    where.push(sql`EXISTS (SELECT 1 FROM event_categories ec WHERE ec.event_id = e.id AND ec.category_id = ANY(${f.categories}::bigint[]))`);
  }
  if (f.users) {
    where.push(sql`(e.user_id = ANY(${f.users}::bigint[]) OR EXISTS (
      SELECT 1 FROM event_users r WHERE r.event_id = e.id AND r.user_id = ANY(${f.users}::bigint[]) AND r.status IN ('going', 'maybe')))`);
  }
  if (f.friendsCreated || f.friendsJoined) {
    if (f.viewerId === null) {
      where.push(sql`false`);
    } else {
      const parts: RawBuilder<unknown>[] = [];
      if (f.friendsCreated) parts.push(sql`EXISTS (SELECT 1 FROM friendships f WHERE f.user_id = ${f.viewerId} AND f.friend_id = e.user_id)`);
      if (f.friendsJoined) {
        parts.push(sql`EXISTS (SELECT 1 FROM event_users r JOIN friendships f ON f.friend_id = r.user_id AND f.user_id = ${f.viewerId}
          WHERE r.event_id = e.id AND r.status IN ('going', 'maybe'))`);
      }
      where.push(sql`(${sql.join(parts, sql` OR `)})`);
    }
  }
  if (f.invited || f.liked) {
    if (f.viewerId === null) {
      where.push(sql`false`);
    } else {
      if (f.invited) {
        where.push(sql`e.user_id <> ${f.viewerId}`);
        where.push(sql`EXISTS (SELECT 1 FROM event_invites i WHERE i.event_id = e.id AND i.user_id = ${f.viewerId})`);
        where.push(sql`NOT EXISTS (SELECT 1 FROM event_users r WHERE r.event_id = e.id AND r.user_id = ${f.viewerId})`);
      }
      if (f.liked) where.push(sql`EXISTS (SELECT 1 FROM event_likes l WHERE l.event_id = e.id AND l.user_id = ${f.viewerId})`);
    }
  }
  if (f.groupId !== null) where.push(sql`e.group_id = ${f.groupId}`);
  if (f.search) {
    // Every word must appear (substring; the trigram index serves LIKE) or nearly appear (a word
    // similarity, for typos). planns_fold (lower case, no accents) is IMMUTABLE, so PostgreSQL
    // folds each constant once at planning. The matches are collected first through the index
    // (ARRAY(...) runs once, as an init plan): otherwise the planner may walk the date index and
    // test the costly similarity on every coming event.
    const words = f.search.split(/\s+/).filter(Boolean).slice(0, 8);
    const conditions = words.map((word) => {
      const like = `%${escapeLike(word)}%`;
      return Array.from(word).length >= 3
        ? sql`(s.search_text LIKE planns_fold(${like}) OR planns_fold(${word}) <% s.search_text)`
        : sql`s.search_text LIKE planns_fold(${like})`;
    });
    if (conditions.length > 0) {
      where.push(sql`e.id = ANY(ARRAY(SELECT s.id FROM events s WHERE ${sql.join(conditions, sql` AND `)}))`);
    }
  }
  return where;
}

/** One page of event ids in list order, and the total matching. */
export async function referenceListEventIds(db: Executor, f: EventListFilter): Promise<{ ids: number[]; total: number }> {
  const where = sql.join(filterConditions(f), sql` AND `);
  const take = f.limit + f.offset;
  let rows: { id: number }[];
  let totalWhere = where;
  if (f.order.by === 'upcoming') {
    // Not yet over: those under way (started, not ended: the range index events_under_way_idx)
    // first, then the coming ones, soonest first. Each branch is cut at offset + limit rows.
    totalWhere = sql`${where} AND e.ends_at >= ${f.now}`;
    const result = await sql<{ id: number }>`
      SELECT id FROM (
        (SELECT e.id, e.start_date FROM events e WHERE ${where} AND tstzrange(e.start_date, e.ends_at, '(]') @> ${f.now}::timestamptz
          ORDER BY e.start_date, e.id LIMIT ${take})
        UNION ALL
        (SELECT e.id, e.start_date FROM events e WHERE ${where} AND e.start_date >= ${f.now}
          ORDER BY e.start_date, e.id LIMIT ${take})
      ) page ORDER BY start_date, id LIMIT ${f.limit} OFFSET ${f.offset}
    `.execute(db);
    rows = result.rows;
  } else if (f.order.by === 'trending') {
    // Coming events people engage with: likes, responses and visits, recent activity weighing most.
    totalWhere = sql`${where} AND e.ends_at >= ${f.now}`;
    const result = await sql<{ id: number }>`
      SELECT e.id FROM events e
      WHERE ${totalWhere} AND e.start_date < ${f.now}::timestamptz + interval '60 days'
      ORDER BY (e.likes_count * 3 + e.visits * 0.1 +
        (SELECT count(*) FROM event_users r WHERE r.event_id = e.id AND r.status IN ('going', 'maybe')) * 2) DESC,
        e.start_date, e.id
      LIMIT ${f.limit} OFFSET ${f.offset}
    `.execute(db);
    rows = result.rows;
    totalWhere = sql`${totalWhere} AND e.start_date < ${f.now}::timestamptz + interval '60 days'`;
  } else {
    const column = f.order.by === 'created_at' ? sql.ref('e.created_at') : sql.ref('e.start_date');
    const dir = f.order.dir === 'asc' ? sql`ASC` : sql`DESC`;
    const result = await sql<{ id: number }>`
      SELECT e.id FROM events e WHERE ${where} ORDER BY ${column} ${dir}, e.id ${dir} LIMIT ${f.limit} OFFSET ${f.offset}
    `.execute(db);
    rows = result.rows;
  }
  let total: number;
  if (rows.length < f.limit && (rows.length > 0 || f.offset === 0)) {
    total = f.offset + rows.length; // the last page tells the total without counting
  } else {
    const count = await sql<{ total: number }>`SELECT count(*)::int AS total FROM events e WHERE ${totalWhere}`.execute(db);
    total = count.rows[0]?.total ?? 0;
  }
  return { ids: rows.map((r) => r.id), total };
}

