-- Events: categories, events, responses (RSVP pivot), likes, invites, organisers, friendships.
-- Visibility, search and distance are answered by SQL over these tables (modules/events/events.repo.ts).

CREATE EXTENSION IF NOT EXISTS cube;
CREATE EXTENSION IF NOT EXISTS earthdistance;
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the
-- result fixed, so it may be used in a generated column and an index.
CREATE FUNCTION planns_fold(input text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(unaccent('unaccent'::regdictionary, input));

CREATE TABLE categories (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  slug      text NOT NULL UNIQUE CHECK (slug ~ '^[a-z][a-z_]{1,39}$'),
  name      text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 60),
  position  integer NOT NULL DEFAULT 0
);

INSERT INTO categories (slug, name, position) VALUES
  ('music', 'Music', 1),
  ('party', 'Party', 2),
  ('food_drink', 'Food & drink', 3),
  ('sports', 'Sports', 4),
  ('outdoors', 'Outdoors', 5),
  ('arts', 'Arts & culture', 6),
  ('family', 'Family', 7),
  ('learning', 'Learning', 8),
  ('tech', 'Tech', 9),
  ('business', 'Business', 10),
  ('wellness', 'Health & wellness', 11),
  ('community', 'Community', 12);

-- Stored both ways (a,b) and (b,a) so "friends of X" is one index lookup. Requests and follows
-- arrive with the social issue; this table is what visibility and the friends filters read.
CREATE TABLE friendships (
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  friend_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, friend_id),
  CHECK (user_id <> friend_id)
);
CREATE INDEX friendships_friend_idx ON friendships (friend_id, user_id);

CREATE TABLE events (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hash            text NOT NULL UNIQUE CHECK (hash ~ '^[A-Za-z][A-Za-z0-9]{9}$'),
  user_id         bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name            text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  description     text NOT NULL DEFAULT '' CHECK (char_length(description) <= 10000),
  image           text,
  m_image         text,
  start_date      timestamptz NOT NULL,
  end_date        timestamptz,
  location_type   text NOT NULL DEFAULT 'in_person' CHECK (location_type IN ('in_person', 'virtual')),
  address         text NOT NULL DEFAULT '' CHECK (char_length(address) <= 300),
  venue           text NOT NULL DEFAULT '' CHECK (char_length(venue) <= 200),
  url             text NOT NULL DEFAULT '' CHECK (char_length(url) <= 2000),
  lat             double precision CHECK (lat BETWEEN -90 AND 90),
  lng             double precision CHECK (lng BETWEEN -180 AND 180),
  min             integer CHECK (min > 0),
  max             integer CHECK (max > 0),
  max_companions  integer CHECK (max_companions >= 0),
  price           numeric(12, 2) CHECK (price > 0),
  currency        text CHECK (currency ~ '^[A-Z]{3}$'),
  ticket_name     text CHECK (char_length(ticket_name) <= 120),
  ticket_description text CHECK (char_length(ticket_description) <= 2000),
  visibility      text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'private', 'friends')),
  group_id        bigint REFERENCES groups (id) ON DELETE SET NULL,
  allow_whatsapp  boolean NOT NULL DEFAULT true,
  visits          integer NOT NULL DEFAULT 0 CHECK (visits >= 0),
  likes_count     integer NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
  clone_id        bigint REFERENCES events (id) ON DELETE SET NULL,
  deleted_by_moderator_at timestamptz,
  deleted_by_moderator_id bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  -- When the event is over: its end, or its start when it has no end.
  ends_at         timestamptz GENERATED ALWAYS AS (coalesce(end_date, start_date)) STORED,
  search_text     text GENERATED ALWAYS AS (
                    planns_fold(name || ' ' || description || ' ' || venue || ' ' || address)
                  ) STORED,
  CHECK (end_date IS NULL OR end_date >= start_date),
  CHECK (min IS NULL OR max IS NULL OR min <= max),
  CHECK ((lat IS NULL) = (lng IS NULL)),
  CHECK ((price IS NULL) = (currency IS NULL))
);
CREATE INDEX events_start_idx ON events (start_date DESC, id DESC) WHERE deleted_by_moderator_at IS NULL;
CREATE INDEX events_ends_idx ON events (ends_at) WHERE deleted_by_moderator_at IS NULL;
CREATE INDEX events_user_idx ON events (user_id, start_date DESC);
CREATE INDEX events_group_idx ON events (group_id, start_date DESC) WHERE group_id IS NOT NULL;
CREATE INDEX events_earth_idx ON events USING gist (ll_to_earth(lat, lng)) WHERE lat IS NOT NULL;
CREATE INDEX events_search_idx ON events USING gin (search_text gin_trgm_ops);

CREATE TABLE event_categories (
  event_id     bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  category_id  bigint NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, category_id)
);
CREATE INDEX event_categories_category_idx ON event_categories (category_id, event_id);

-- The RSVP pivot: one response per (event, user). The join and reject calls arrive with the
-- social issue; creating an event with 'I am attending' writes the owner's row here.
CREATE TABLE event_users (
  event_id          bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id           bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status            text NOT NULL CHECK (status IN ('going', 'maybe', 'rejected')),
  companions_amount integer NOT NULL DEFAULT 0 CHECK (companions_amount >= 0),
  note              text NOT NULL DEFAULT '' CHECK (char_length(note) <= 1000),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_users_user_idx ON event_users (user_id, status, event_id);
CREATE INDEX event_users_event_status_idx ON event_users (event_id, status, updated_at);

CREATE TABLE event_user_companions (
  event_id      bigint NOT NULL,
  user_id       bigint NOT NULL,
  companion_id  bigint NOT NULL REFERENCES companions (id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, user_id, companion_id),
  FOREIGN KEY (event_id, user_id) REFERENCES event_users (event_id, user_id) ON DELETE CASCADE
);

CREATE TABLE event_likes (
  event_id    bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_likes_user_idx ON event_likes (user_id, event_id);

-- People invited to an event (shared with them): they may see a private or friends event.
CREATE TABLE event_invites (
  event_id    bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  invited_by  bigint REFERENCES users (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_invites_user_idx ON event_invites (user_id, event_id);

-- Co-organisers: see the event whatever its visibility.
CREATE TABLE event_organizers (
  event_id    bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_organizers_user_idx ON event_organizers (user_id, event_id);

CREATE INDEX users_name_search_idx ON users USING gin (planns_fold(coalesce(name, '')) gin_trgm_ops);
