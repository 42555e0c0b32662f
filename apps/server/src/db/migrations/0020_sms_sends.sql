-- The moderators' SMS sender (issue 19; accounts §2 SMS mass sender, events §5, §7, §9): each
-- send recorded (who, when, which event, the recipient type and the message) with its
-- recipients, each texted once by the job that works through them (jobs.ts sms.send).

CREATE TABLE sms_sends (
  id                bigserial PRIMARY KEY,
  -- Kept when the event goes (the record of who was texted outlives it), with its name.
  event_id          bigint REFERENCES events (id) ON DELETE SET NULL,
  event_name        text NOT NULL,
  sender_id         bigint REFERENCES users (id) ON DELETE SET NULL,
  recipient_type    text NOT NULL CHECK (recipient_type IN ('all', 'ticket_owners', 'going', 'going_doubt', 'rejected', 'number')),
  message           text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 1530),
  recipients_count  integer NOT NULL CHECK (recipients_count >= 0),
  created_at        timestamptz NOT NULL
);
CREATE INDEX sms_sends_created_idx ON sms_sends (created_at DESC, id DESC);
CREATE INDEX sms_sends_event_idx ON sms_sends (event_id, created_at DESC) WHERE event_id IS NOT NULL;

-- One row per number of a send: a number is texted once per send however many lists hold it.
CREATE TABLE sms_send_recipients (
  send_id     bigint NOT NULL REFERENCES sms_sends (id) ON DELETE CASCADE,
  phone       text NOT NULL,
  user_id     bigint REFERENCES users (id) ON DELETE SET NULL,
  attempts    smallint NOT NULL DEFAULT 0,
  -- Taken by a run of the job that texts it (a claim another run skips until it is 5 minutes old).
  claimed_at  timestamptz,
  sent_at     timestamptz,
  -- Refused for good (after three attempts): the error the provider gave.
  failed_at   timestamptz,
  error       text,
  PRIMARY KEY (send_id, phone),
  CHECK (sent_at IS NULL OR failed_at IS NULL)
);
CREATE INDEX sms_send_recipients_pending_idx ON sms_send_recipients (send_id) WHERE sent_at IS NULL AND failed_at IS NULL;
