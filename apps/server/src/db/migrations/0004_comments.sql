-- Comments on events (events §3 Comment). Newest first per event.
CREATE TABLE comments (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id    bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  comment     text NOT NULL CHECK (char_length(btrim(comment)) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_event_idx ON comments (event_id, created_at DESC, id DESC);
CREATE INDEX comments_user_idx ON comments (user_id);
