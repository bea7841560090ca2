-- The sponsor (sponsor/): the keys that pay members' network fees, one per kind of chain (an EVM one, the same
-- address on every EVM chain, and a Solana one), sealed like members' keys; and each sponsored send's place in
-- its member's rolling allowance, written before anything is signed and released when nothing was broadcast.
CREATE TABLE sponsor_keys (
  id text PRIMARY KEY,
  chain_type text NOT NULL CHECK (chain_type IN ('ethereum', 'solana')),
  address text NOT NULL UNIQUE,
  sealed_key text NOT NULL,
  wrapped_data_key text NOT NULL,
  master_key_id text NOT NULL,
  -- The master key current when it was made, never changed by a rewrap: one key per kind under each (production
  -- has one; local test servers sharing a database each have their own, and each its own sponsor).
  created_under text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain_type, created_under)
);
CREATE TABLE sponsor_reservations (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  caip2 text NOT NULL,
  max_fee numeric(78, 0) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz
);
CREATE INDEX sponsor_reservations_user ON sponsor_reservations (user_id, created_at);
