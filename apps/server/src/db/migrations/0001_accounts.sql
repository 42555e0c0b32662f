-- Accounts: users, groups, one-time codes, sessions, companions.
-- Invariants live here (CONVENTIONS §4): unique phone, unique email ignoring case,
-- one session per token hash, non-negative counters, companion type and name checks.

CREATE TABLE users (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone           text UNIQUE CHECK (phone ~ '^\+[1-9][0-9]{5,14}$'),
  name            text CHECK (name IS NULL OR char_length(name) BETWEEN 2 AND 201),
  email           text CHECK (email IS NULL OR (char_length(email) <= 254 AND email = lower(email))),
  avatar          text,
  avatar_m        text,
  avatar_s        text,
  is_moderator    boolean NOT NULL DEFAULT false,
  current_group_id bigint,
  terms_accepted_at timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email) WHERE email IS NOT NULL;

CREATE TABLE groups (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE group_members (
  group_id    bigint NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user_idx ON group_members (user_id);

ALTER TABLE users
  ADD CONSTRAINT users_current_group_fk FOREIGN KEY (current_group_id) REFERENCES groups (id) ON DELETE SET NULL;

-- One row per code sent. The rows double as the send log the per-phone limits count.
CREATE TABLE otp_codes (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  phone               text NOT NULL,
  -- scrypt hash of the code; NULL when the SMS provider verifies codes itself (Twilio Verify)
  code_hash           text,
  sent_ip             inet,
  created_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  attempts            integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  approved_at         timestamptz,
  approval_token_hash text UNIQUE,
  used_at             timestamptz,
  CHECK (expires_at > created_at),
  CHECK (used_at IS NULL OR approved_at IS NOT NULL)
);
CREATE INDEX otp_codes_phone_created_idx ON otp_codes (phone, created_at DESC);

CREATE TABLE sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    text NOT NULL UNIQUE,
  user_id       bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL,
  user_agent    text,
  ip            inet
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE companions (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  first_name  text NOT NULL DEFAULT '' CHECK (char_length(first_name) <= 100),
  last_name   text NOT NULL DEFAULT '' CHECK (char_length(last_name) <= 100),
  type        text NOT NULL CHECK (type IN ('son_or_daughter', 'spouse', 'friend', 'other_family_member', 'other')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (first_name <> '' OR last_name <> '')
);
CREATE INDEX companions_user_idx ON companions (user_id, id);
