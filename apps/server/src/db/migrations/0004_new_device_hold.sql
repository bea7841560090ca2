-- How each session signed in: with which kind of address (an export code goes to the other one), and until when
-- keys may not leave from it (NEW_DEVICE_HOLD_HOURS; none for the sign-in that created the account).
CREATE TABLE session_origins (
  session_id text PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  signed_in_with text NOT NULL CHECK (signed_in_with IN ('phone', 'email')),
  hold_ends_at timestamptz
);

-- What a session within the hold asked for (an export), kept so the member is told, sees it and can cancel it.
CREATE TABLE held_actions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('export')),
  subject text NOT NULL,
  summary text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  opens_at timestamptz NOT NULL,
  cancelled_at timestamptz,
  cancelled_by_session_id text,
  completed_at timestamptz
);
CREATE INDEX held_actions_user ON held_actions (user_id, created_at DESC);
CREATE INDEX held_actions_session ON held_actions (session_id);
-- One pending request per session and subject: two asks at once record (and tell) one.
CREATE UNIQUE INDEX held_actions_pending ON held_actions (session_id, kind, subject)
  WHERE cancelled_at IS NULL AND completed_at IS NULL;

-- The devices (a long-lived random cookie, by its SHA-256) each account has signed in from.
CREATE TABLE known_devices (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  device_digest text NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, device_digest)
);
