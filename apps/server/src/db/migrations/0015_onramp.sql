-- Each on-ramp request a member started (onramp/): the addresses and assets it may fund, and how it went. A
-- provider's status is asked until it is final, then kept. The sandbox's session tokens are kept here too, as
-- SHA-256 digests; `token_used_at` is set once, by the one conditional UPDATE that claims the token.
CREATE TABLE onramp_requests (
  partner_user_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  service text NOT NULL,
  addresses jsonb NOT NULL,
  assets jsonb,
  amount text,
  status text NOT NULL DEFAULT 'pending',
  token_digest text UNIQUE,
  token_expires_at timestamptz,
  token_used_at timestamptz,
  credited jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX onramp_requests_user ON onramp_requests (user_id, created_at);
