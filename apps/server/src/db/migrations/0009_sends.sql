-- EVM sends, recorded before broadcast and followed to their end; and the per-(wallet, chain) nonce lease.
CREATE TABLE sends (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  wallet_id text NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,
  idempotency_key text,
  chain_id integer NOT NULL,
  nonce integer NOT NULL,
  to_address text NOT NULL,
  value text NOT NULL,
  data_digest text,
  token_to text,
  token_amount text,
  signed_transaction text NOT NULL,
  hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'failed', 'interrupted')),
  reason text,
  block_number text,
  broadcast_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- NULLs are distinct in a unique index (PostgreSQL 15 and 18 alike): a cleared key frees the key.
CREATE UNIQUE INDEX sends_wallet_idempotency_key ON sends (wallet_id, idempotency_key);
CREATE INDEX sends_wallet_created ON sends (wallet_id, created_at);
CREATE INDEX sends_wallet_chain_nonce ON sends (wallet_id, chain_id, nonce);

CREATE TABLE wallet_nonces (
  wallet_id text NOT NULL REFERENCES wallets(id) ON DELETE CASCADE,
  chain_id integer NOT NULL,
  next_nonce integer NOT NULL DEFAULT 0,
  lease_holder text,
  lease_ends_at timestamptz,
  PRIMARY KEY (wallet_id, chain_id)
);
