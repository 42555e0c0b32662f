-- Friend requests and follows (accounts §4 Friendship and follow). Friendships (both ways) are
-- in 0002; accepting a request writes them and removes the request in one transaction.
CREATE TABLE friend_requests (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,   -- who asks
  friend_id   bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,   -- who is asked
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, friend_id),
  CHECK (user_id <> friend_id)
);
CREATE INDEX friend_requests_friend_idx ON friend_requests (friend_id, created_at DESC);

CREATE TABLE follows (
  follower_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followed_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, followed_id),
  CHECK (follower_id <> followed_id)
);
CREATE INDEX follows_followed_idx ON follows (followed_id, follower_id);
