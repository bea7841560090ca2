CREATE TABLE wallets (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  chain_type text NOT NULL CHECK (chain_type IN ('ethereum', 'solana')),
  wallet_index integer NOT NULL CHECK (wallet_index >= 0),
  address text NOT NULL,
  sealed_key text NOT NULL,
  wrapped_data_key text NOT NULL,
  master_key_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX wallets_user_chain_index ON wallets (user_id, chain_type, wallet_index);
CREATE UNIQUE INDEX wallets_address ON wallets (address);
CREATE INDEX wallets_master_key ON wallets (master_key_id);

-- The P-256 key the browser registered for this session; wallet requests must be signed with it.
ALTER TABLE sessions ADD COLUMN authorization_key text;

CREATE TABLE idempotency_keys (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_digest text NOT NULL,
  status integer NOT NULL,
  body jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE wallet_activity (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  wallet_id text NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('signature', 'export')),
  method text NOT NULL,
  digest text NOT NULL,
  summary text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_activity_user ON wallet_activity (user_id, created_at DESC);
