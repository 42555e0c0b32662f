-- Calendars (issue 19, decision 0039): the SEQUENCE of an event's calendar entries, and each
-- person's private subscription feed.

-- ------------------------------------------------------------------ events: calendar_sequence
-- RFC 5545 SEQUENCE: a calendar app replaces its copy of an entry (same UID) only by one with a
-- higher sequence. It goes up by one whenever the event's time, place, name or status (the
-- moderator's removal) changes, whichever code path writes the row: the rule lives here.
ALTER TABLE events ADD COLUMN calendar_sequence integer NOT NULL DEFAULT 0 CHECK (calendar_sequence >= 0);

CREATE FUNCTION events_calendar_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.name, NEW.start_date, NEW.end_date, NEW.location_type, NEW.address, NEW.venue, NEW.url, NEW.lat, NEW.lng,
      NEW.deleted_by_moderator_at IS NULL)
     IS DISTINCT FROM
     (OLD.name, OLD.start_date, OLD.end_date, OLD.location_type, OLD.address, OLD.venue, OLD.url, OLD.lat, OLD.lng,
      OLD.deleted_by_moderator_at IS NULL)
  THEN
    NEW.calendar_sequence := OLD.calendar_sequence + 1;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER events_calendar_sequence
  BEFORE UPDATE OF name, start_date, end_date, location_type, address, venue, url, lat, lng, deleted_by_moderator_at ON events
  FOR EACH ROW EXECUTE FUNCTION events_calendar_sequence();

-- ------------------------------------------------------------------ calendar_feeds
-- One secret feed address per person. Only the token's SHA-256 is kept (as sessions keep theirs):
-- the address is shown once, when made; resetting it replaces the row, and the old address then
-- answers 404. The feed is read by its hash through the unique index.
CREATE TABLE calendar_feeds (
  user_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash  text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL,
  -- When a calendar app last fetched it (shown on the account screen: is my calendar reading it?).
  fetched_at  timestamptz
);
