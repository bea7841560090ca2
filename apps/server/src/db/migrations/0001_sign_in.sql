CREATE TABLE users (
  id text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  has_accepted_terms boolean NOT NULL DEFAULT false
);

CREATE TABLE identities (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('phone', 'email')),
  value text NOT NULL,
  first_verified_at timestamptz NOT NULL,
  latest_verified_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX identities_kind_value ON identities (kind, value);
CREATE UNIQUE INDEX identities_user_kind ON identities (user_id, kind);

CREATE TABLE otp_codes (
  destination text PRIMARY KEY,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  failed_attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE rate_limits (
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key, window_start)
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL,
  refresh_token_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  user_agent text
);
CREATE UNIQUE INDEX sessions_token_hash ON sessions (token_hash);
CREATE UNIQUE INDEX sessions_refresh_token_hash ON sessions (refresh_token_hash);
CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  event_name text NOT NULL,
  client_id text,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
