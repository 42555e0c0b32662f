import { sql, type RawBuilder } from 'kysely';

/*
 * The events module's visibility rule as a SQL fragment over an event aliased `e` (decision 0009).
 * Not a repository: the one piece of the events module that other modules' repositories may use,
 * so a query that must answer in one statement whether a row's event is visible (the media access
 * check, decision 0019: at most one indexed query) states the rule as every event list does.
 */

/**
 * Whether the caller may see event `e` (by the list's rules; moderators additionally open any
 * event page, see events.policy.ts). Visitors: public only. Signed-in: public, or their own, or
 * they organise, were invited, or responded, or it is a friends event and they are the owner's
 * friend. This one fragment serves every list and every single-event check; the viewer is a user
 * id, or a SQL expression naming one per row (visibilityOfPairs checks many viewers at once).
 */
export function visibleTo(viewerId: number | RawBuilder<number> | null): RawBuilder<boolean> {
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

/**
 * visibleTo for a list: the same rule, stated so that a statement over many events reads each of
 * the viewer's relations once (issue 16). The events a person reaches privately (organised,
 * invited, answered) and the people whose friends events they see are two uncorrelated sets,
 * hashed once per statement; the per-event OR EXISTS of visibleTo ran four subqueries for every
 * event that was not public. For one event, visibleTo is cheaper: use it there.
 */
export function visibleInList(viewerId: number | null): RawBuilder<boolean> {
  if (viewerId === null) return visibleTo(null);
  return sql<boolean>`(
    e.visibility = 'public'
    OR e.user_id = ${viewerId}
    OR e.id IN (
      SELECT o.event_id FROM event_organizers o WHERE o.user_id = ${viewerId}
      UNION ALL SELECT i.event_id FROM event_invites i WHERE i.user_id = ${viewerId}
      UNION ALL SELECT r.event_id FROM event_users r WHERE r.user_id = ${viewerId})
    OR (e.visibility = 'friends' AND e.user_id IN (SELECT f.user_id FROM friendships f WHERE f.friend_id = ${viewerId}))
  )`;
}
