-- Google sign-in (issue 19, decision 0040): Google accounts linked to planns users, the sign-ins
-- in flight between /google/mobile/authorize and check-mobile-session, and Google accounts
-- waiting for a phone sign-in before they are linked (no takeover by email).

-- One Google account (its stable `sub`) per planns user, and one user per Google account.
CREATE TABLE google_identities (
  sub             text PRIMARY KEY CHECK (char_length(sub) BETWEEN 1 AND 255),
  user_id         bigint NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
  -- The Google account's address as Google last reported it, and whether Google verified it.
  email           text CHECK (email IS NULL OR (char_length(email) <= 254 AND email = lower(email))),
  email_verified  boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL,
  last_login_at   timestamptz NOT NULL
);

-- A sign-in in flight. The opener's session id, the browser binding (a cookie) and the state
-- are stored as SHA-256 hashes; the PKCE verifier and nonce are needed in clear at the callback.
CREATE TABLE google_login_sessions (
  id                  bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id_hash     text NOT NULL UNIQUE,
  browser_hash        text NOT NULL,
  state_hash          text NOT NULL UNIQUE,
  origin              text NOT NULL CHECK (char_length(origin) <= 200),
  nonce               text NOT NULL,
  code_verifier       text NOT NULL,
  created_at          timestamptz NOT NULL,
  expires_at          timestamptz NOT NULL,
  -- The callback came (the state is spent: a replay finds it used).
  callback_at         timestamptz,
  -- The outcome: a user signed in, or why not.
  user_id             bigint REFERENCES users (id) ON DELETE CASCADE,
  error               text CHECK (error IN ('failed', 'expired', 'link_required')),
  -- check-mobile-session handed the session out (once).
  consumed_at         timestamptz,
  CHECK (expires_at > created_at),
  CHECK (user_id IS NULL OR error IS NULL),
  CHECK (consumed_at IS NULL OR user_id IS NOT NULL)
);
CREATE INDEX google_login_sessions_expires_idx ON google_login_sessions (expires_at);

-- A Google account whose verified email is on a planns account: linked only when a person signs in
-- by phone, in the same browser (the cookie's token), to an account with that email.
CREATE TABLE google_pending_links (
  id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash      text NOT NULL UNIQUE,
  sub             text NOT NULL CHECK (char_length(sub) BETWEEN 1 AND 255),
  email           text NOT NULL CHECK (char_length(email) <= 254 AND email = lower(email)),
  created_at      timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  CHECK (expires_at > created_at)
);
CREATE INDEX google_pending_links_expires_idx ON google_pending_links (expires_at);
