-- The version of an event's seats (issue 17, decision 0036): GET seats/{eventId} keeps its answer
-- in memory while the version it was read at is the one the database has, checked on every request
-- in the statement that checks the event. It goes up once per transaction that changes what that
-- answer reads, whichever code path writes: a seat held, sold, freed, taken over (event_seats), an
-- order with seats changing status or buyer (the answer counts only pending orders' holds and marks
-- the buyer's seats), a seated ticket changing holder. The passing of time (a hold whose end comes
-- with no write) is the answer's other input: it is read beside the version, as the next end of a
-- hold (event_seats_hold_end_idx).
--
-- Bumped at commit (deferred constraint triggers): the version row is locked last, after every lock
-- the transaction took (the event's quota lock among them), and held only for the commit, so no
-- path waits longer on the event than before and no two locks are taken in opposite orders. Two
-- transactions bumping one event are serialised on its row, so each committed change has its own
-- number, in commit order: a statement that reads version n sees exactly the changes up to n.
--
-- Each bump also draws a random stamp, read with the version: a key never comes back, even when
-- the database is restored under running servers or its tables emptied and the event's id and
-- version counted again (a test does that).
CREATE TABLE event_seat_versions (
  event_id   bigint PRIMARY KEY REFERENCES events (id) ON DELETE CASCADE,
  version    bigint NOT NULL CHECK (version > 0),
  stamp      bigint NOT NULL,
  -- The transaction that made this version: one bump per transaction however many rows it wrote.
  bumped_by  xid8 NOT NULL
);

CREATE FUNCTION planns_bump_seat_version() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed bigint[] := CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[NEW.event_id]
    WHEN 'DELETE' THEN ARRAY[OLD.event_id]
    ELSE ARRAY[NEW.event_id, OLD.event_id]
  END;
BEGIN
  -- An event deleted in this transaction (its seats went by cascade) has no version to keep.
  INSERT INTO event_seat_versions AS v (event_id, version, stamp, bumped_by)
  SELECT e.id, 1, floor(random() * 4503599627370496)::bigint, pg_current_xact_id() FROM events e WHERE e.id = ANY (changed) ORDER BY e.id
  ON CONFLICT (event_id) DO UPDATE SET version = v.version + 1, stamp = excluded.stamp, bumped_by = excluded.bumped_by
    WHERE v.bumped_by <> excluded.bumped_by;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER event_seats_version AFTER INSERT OR UPDATE OR DELETE ON event_seats
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION planns_bump_seat_version();

CREATE CONSTRAINT TRIGGER orders_seat_version AFTER UPDATE OF status, buyer_id ON orders
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.seats IS NOT NULL AND (OLD.status, OLD.buyer_id) IS DISTINCT FROM (NEW.status, NEW.buyer_id))
  EXECUTE FUNCTION planns_bump_seat_version();

CREATE CONSTRAINT TRIGGER tickets_seat_version AFTER UPDATE OF user_id ON tickets
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW.seat_row IS NOT NULL AND OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION planns_bump_seat_version();

-- The next end of a hold on an event: an index lookup, read with the version.
CREATE INDEX event_seats_hold_end_idx ON event_seats (event_id, hold_expires_at) WHERE ticket_id IS NULL;
