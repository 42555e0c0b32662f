-- The google calendar provider (issue 19, decision 0043): a person's connected Google account,
-- the sign-in attempts under way, and the entries planns wrote into their primary calendar.

-- ------------------------------------------------------------------ google_calendar_accounts
-- One connected Google account per person (accounts §3 google_email, google_access_token,
-- google_refresh_token, google_token_expires_in). Both tokens are kept encrypted (AES-256-GCM with
-- CALENDAR_TOKEN_KEY, 'v1.<iv>.<tag>.<ciphertext>' in base64url): a leaked database or backup
-- does not give anyone's calendar away.
CREATE TABLE google_calendar_accounts (
  user_id             bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  email               text NOT NULL CHECK (char_length(email) BETWEEN 3 AND 320),
  refresh_token_enc   text NOT NULL CHECK (refresh_token_enc LIKE 'v1.%'),
  access_token_enc    text NOT NULL CHECK (access_token_enc LIKE 'v1.%'),
  access_expires_at   timestamptz NOT NULL,
  connected_at        timestamptz NOT NULL
);

-- ------------------------------------------------------------------ google_oauth_states
-- An authorization under way (OAuth 2.0 code flow with PKCE): the state's SHA-256 (the state
-- itself travels through Google and back), whose session started it, and the PKCE verifier the
-- code is exchanged with. Used once; ten minutes at most.
CREATE TABLE google_oauth_states (
  state_hash     text PRIMARY KEY CHECK (state_hash ~ '^[0-9a-f]{64}$'),
  user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_verifier  text NOT NULL CHECK (code_verifier ~ '^[A-Za-z0-9_-]{43,128}$'),
  expires_at     timestamptz NOT NULL
);
CREATE INDEX google_oauth_states_user ON google_oauth_states (user_id);

-- ------------------------------------------------------------------ google_calendar_entries
-- The Google event planns wrote for a person and an event (the spec's RSVP pivot field
-- google_calendar_id). `synced_sequence`: the event's calendar_sequence the entry last carried;
-- the sync job updates entries whose event has moved on since. Erased with the event (its
-- removal at Google is queued first, by the trigger below) or with the person's connection.
CREATE TABLE google_calendar_entries (
  user_id          bigint NOT NULL REFERENCES google_calendar_accounts (user_id) ON DELETE CASCADE,
  event_id         bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  google_event_id  text NOT NULL CHECK (google_event_id ~ '^[a-v0-9]{5,}$' AND char_length(google_event_id) <= 1024),
  synced_sequence  integer NOT NULL CHECK (synced_sequence >= 0),
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (user_id, event_id)
);
CREATE INDEX google_calendar_entries_event ON google_calendar_entries (event_id);

-- ------------------------------------------------------------------ the outbox of calendar changes
-- Whichever code path changes what a calendar shows (calendar_sequence moves: name, time, place,
-- the moderator's removal) or who may see the event (visibility, owner), the job that brings each
-- person's Google entry in line is queued in the same transaction (decision 0026), once per event
-- while it waits (job_key). Only for events someone put in a Google calendar.
CREATE FUNCTION events_google_calendar_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.calendar_sequence, NEW.visibility, NEW.user_id) IS DISTINCT FROM (OLD.calendar_sequence, OLD.visibility, OLD.user_id)
     AND EXISTS (SELECT 1 FROM google_calendar_entries g WHERE g.event_id = NEW.id)
  THEN
    PERFORM graphile_worker.add_job(
      identifier => 'calendar.google_sync_event',
      payload => json_build_object('event_id', NEW.id),
      max_attempts => 8,
      job_key => 'calendar.google_sync_event:' || NEW.id
    );
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_google_calendar_sync
  AFTER UPDATE ON events
  FOR EACH ROW EXECUTE FUNCTION events_google_calendar_sync();

-- An event erased (by its owner, or with its owner's account): its entries go by cascade, so the
-- removal of each at Google is queued first, with the Google event's id.
CREATE FUNCTION events_google_calendar_erase() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  FOR entry IN SELECT user_id, google_event_id FROM google_calendar_entries WHERE event_id = OLD.id LOOP
    PERFORM graphile_worker.add_job(
      identifier => 'calendar.google_remove_entry',
      payload => json_build_object('user_id', entry.user_id, 'google_event_id', entry.google_event_id),
      max_attempts => 8
    );
  END LOOP;
  RETURN OLD;
END;
$$;

CREATE TRIGGER events_google_calendar_erase
  BEFORE DELETE ON events
  FOR EACH ROW EXECUTE FUNCTION events_google_calendar_erase();
