-- A paid event's claim that decides by itself (decision 0029): locks the event's quota and counts
-- its tickets (planns_ticket_usage, with p_lock), then refuses when the tickets wanted do not fit
-- the event's max or a wanted type's limit (the rule of shared/inventory fitsQuota: nothing wanted
-- always fits; no size, no limit), raising SQLSTATE PN409 with the usage as JSON in its DETAIL
-- (the server words the answer from it). Called in the statement that writes a hold, so that one
-- statement, committed on its own, writes the hold, takes the lock, counts and decides: the lock is
-- held for no round trip at all. A refusal rolls that statement back, its hold with it.
CREATE FUNCTION planns_claim_tickets(p_event bigint, p_except_holds bigint[], p_now timestamptz, p_types bigint[], p_quantities integer[])
RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_wanted integer := coalesce((SELECT sum(q) FROM unnest(p_quantities) AS q), 0);
  v_usage jsonb;
  v_fits boolean;
BEGIN
  SELECT
    jsonb_agg(jsonb_build_object('ticket_type_id', u.ticket_type_id, 'size', u.size, 'taken', u.taken, 'is_event', u.is_event)),
    coalesce(bool_and(
      CASE WHEN u.is_event THEN v_wanted <= 0 OR u.size IS NULL OR u.taken + v_wanted <= u.size
      ELSE NOT EXISTS (
        SELECT 1 FROM unnest(p_types, p_quantities) AS w(type_id, quantity)
        WHERE w.type_id = u.ticket_type_id AND w.quantity > 0 AND u.size IS NOT NULL AND u.taken + w.quantity > u.size
      ) END
    ), false)
  INTO v_usage, v_fits
  FROM planns_ticket_usage(p_event, p_except_holds, '{}'::bigint[], p_now, true) AS u;
  -- No event row: the event is gone or no longer paid (refused too: its usage says so).
  IF v_fits AND v_usage @> '[{"is_event": true}]' THEN
    RETURN;
  END IF;
  RAISE EXCEPTION 'planns_sold_out' USING ERRCODE = 'PN409', DETAIL = coalesce(v_usage, '[]'::jsonb)::text;
END
$$;
