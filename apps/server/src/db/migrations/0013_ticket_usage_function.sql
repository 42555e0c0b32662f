-- A paid event's tickets counted (decision 0029): the places taken in all and of each ticket type
-- (valid tickets and the live holds of open checkouts), leaving out the holds and tickets a claim
-- replaces. With p_lock, the event's quota is locked first (its row, FOR NO KEY UPDATE, held to the
-- transaction's end): a claim's lock and count in one round trip, the lock held only to count and
-- commit. A function so that the count is a statement of its own after the lock (READ COMMITTED:
-- each statement of a VOLATILE function reads what was committed before it, so the count sees
-- every claim that held the lock before this one) and so that its plan is kept per connection.
-- No rows: the event is gone (or, counting, no longer paid).
CREATE FUNCTION planns_ticket_usage(p_event bigint, p_except_holds bigint[], p_except_tickets bigint[], p_now timestamptz, p_lock boolean)
RETURNS TABLE (ticket_type_id bigint, size integer, taken integer, is_event boolean)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  IF p_lock THEN
    PERFORM 1 FROM events WHERE events.id = p_event FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      RETURN;
    END IF;
  END IF;
  RETURN QUERY
    WITH used AS (
      SELECT c.type_id, sum(c.seats)::integer AS n FROM (
        SELECT t.ticket_type_id AS type_id, 1 AS seats FROM tickets t
        WHERE t.event_id = p_event AND t.status = 'valid' AND t.id <> ALL (p_except_tickets)
        UNION ALL
        SELECT i.ticket_type_id, i.quantity FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.event_id = p_event AND o.status = 'pending' AND o.hold_expires_at > p_now AND o.id <> ALL (p_except_holds)
      ) c GROUP BY c.type_id
    )
    SELECT NULL::bigint, e.max, coalesce((SELECT sum(u.n) FROM used u), 0)::integer, true
    FROM events e WHERE e.id = p_event AND e.currency IS NOT NULL
    UNION ALL
    SELECT tt.id, tt.quantity, coalesce(u.n, 0)::integer, false
    FROM event_ticket_types tt LEFT JOIN used u ON u.type_id = tt.id
    WHERE tt.event_id = p_event;
END
$$;
