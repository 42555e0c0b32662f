-- The event gallery (events §2 Gallery, §3 Gallery item, §4, §5 Gallery report).

-- An owner may require approval of gallery items (default off: approved at once).
ALTER TABLE events ADD COLUMN gallery_requires_approval boolean NOT NULL DEFAULT false;

-- Files planns received and processed for a user (the spec's cloud upload result), waiting to
-- be posted to the gallery of the event they were uploaded for. Only the user they were issued
-- to may post them, once; unposted ones are swept with their files after a day.
CREATE TABLE media_uploads (
  id             text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{8,64}$'),
  user_id        bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  event_id       bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- 'incoming': an s3 upload waiting for its bytes; 'ready': processed, may be posted; 'posted': in a gallery.
  state          text NOT NULL DEFAULT 'ready' CHECK (state IN ('incoming', 'ready', 'posted')),
  resource_type  text CHECK (resource_type IN ('image', 'video')),
  format         text,
  url            text,
  url_m          text,
  url_l          text,
  width          integer CHECK (width > 0),
  height         integer CHECK (height > 0),
  bytes          bigint CHECK (bytes >= 0),
  -- The storage key of an incoming s3 object (before processing).
  incoming_key   text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (state = 'incoming' OR (resource_type IS NOT NULL AND url IS NOT NULL AND url_m IS NOT NULL AND url_l IS NOT NULL AND format IS NOT NULL AND bytes IS NOT NULL))
);
CREATE INDEX media_uploads_stale_idx ON media_uploads (created_at) WHERE state <> 'posted';
CREATE INDEX media_uploads_user_idx ON media_uploads (user_id);

CREATE TABLE gallery_items (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  event_id     bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- An upload goes into one gallery, once.
  upload_id    text NOT NULL UNIQUE REFERENCES media_uploads (id) ON DELETE CASCADE,
  type         text NOT NULL CHECK (type IN ('image', 'video')),
  url          text NOT NULL,
  url_m        text NOT NULL,
  url_l        text NOT NULL,
  width        integer,
  height       integer,
  approved     boolean NOT NULL,
  -- Set by a privacy report; cleared when the owner or a moderator restores the item.
  hidden_at    timestamptz,
  likes_count  integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
  reports_count integer NOT NULL DEFAULT 0 CHECK (reports_count >= 0),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gallery_items_event_idx ON gallery_items (event_id, id DESC);
CREATE INDEX gallery_items_user_idx ON gallery_items (user_id);

CREATE TABLE gallery_likes (
  gallery_id  bigint NOT NULL REFERENCES gallery_items (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (gallery_id, user_id)
);
CREATE INDEX gallery_likes_user_idx ON gallery_likes (user_id);

CREATE TABLE gallery_reports (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  gallery_id   bigint NOT NULL REFERENCES gallery_items (id) ON DELETE CASCADE,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason       text NOT NULL CHECK (reason IN ('inappropriate', 'privacy', 'other')),
  description  text CHECK (description IS NULL OR char_length(description) <= 1000),
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- One report per person and item: a second one is 'You already sent report for this image'.
  UNIQUE (gallery_id, user_id),
  CHECK ((reason = 'other') = (description IS NOT NULL))
);
CREATE INDEX gallery_reports_user_idx ON gallery_reports (user_id);
