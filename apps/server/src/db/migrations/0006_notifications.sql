-- Notifications (accounts §3, §4) and each person's notification settings (accounts §9).
CREATE TABLE notifications (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,     -- who is told
  action      text NOT NULL CHECK (action IN ('comment_posted', 'user_joined_event', 'user_maybe_event', 'user_rejected_event',
                                               'event_shared', 'user_following', 'friend_request', 'friend_accepted')),
  author_id   bigint REFERENCES users (id) ON DELETE CASCADE,             -- who did it
  event_id    bigint REFERENCES events (id) ON DELETE CASCADE,
  comment_id  bigint REFERENCES comments (id) ON DELETE CASCADE,
  note        text CHECK (char_length(note) <= 1000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  viewed_at   timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unviewed_idx ON notifications (user_id) WHERE viewed_at IS NULL;

-- Only the choices that differ from the defaults are meaningful, but the whole map is kept.
CREATE TABLE notification_settings (
  user_id     bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  settings    jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(settings) = 'object'),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
