-- Sessions end at an absolute time however often they are used; existing ones get the default 30 days.
ALTER TABLE sessions ADD COLUMN absolute_expires_at timestamptz;
UPDATE sessions SET absolute_expires_at = created_at + interval '30 days';
ALTER TABLE sessions ALTER COLUMN absolute_expires_at SET NOT NULL;
-- The tokens a refresh replaced, and when: a replaced refresh token used again means it was stolen.
ALTER TABLE sessions ADD COLUMN previous_token_hash text;
ALTER TABLE sessions ADD COLUMN previous_refresh_token_hash text;
ALTER TABLE sessions ADD COLUMN rotated_at timestamptz;
CREATE INDEX sessions_previous_token_hash ON sessions (previous_token_hash);
CREATE INDEX sessions_previous_refresh_token_hash ON sessions (previous_refresh_token_hash);
CREATE INDEX sessions_expires_at ON sessions (expires_at);

-- When a sign-in address last changed: exports wait a while after it.
ALTER TABLE users ADD COLUMN sign_in_changed_at timestamptz;

-- Idempotency answers belong to the session that made them, and an export's answer is never kept: the table
-- is made anew, which also deletes any export answer an earlier version stored.
DROP TABLE idempotency_keys;
CREATE TABLE idempotency_keys (
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_digest text NOT NULL,
  status integer NOT NULL,
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, key)
);
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- Old analytics events are deleted after a while.
CREATE INDEX analytics_events_created_at ON analytics_events (created_at);

-- Where a session signed in from, for the member's list of their sessions.
ALTER TABLE sessions ADD COLUMN client_address text;

-- A member's own Reject is kept in the activity too.
ALTER TABLE wallet_activity DROP CONSTRAINT wallet_activity_kind_check;
ALTER TABLE wallet_activity ADD CONSTRAINT wallet_activity_kind_check CHECK (kind IN ('signature', 'export', 'decline'));

-- What happened to an account that its owner should be able to see: addresses added or changed, devices added,
-- sign-outs, exports.
CREATE TABLE account_events (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL,
  summary text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_events_user ON account_events (user_id, created_at DESC);
