-- A large send from a new device waits like an export: what it needs to go out when the hold ends (the wallet,
-- the method, the chain, the caller's params and idempotency key), who is sending it now (a claim, so two
-- servers sweeping at once send it once), and how it ended (the hash, or why it did not go out).
ALTER TABLE held_actions DROP CONSTRAINT IF EXISTS held_actions_kind_check;
ALTER TABLE held_actions ADD CONSTRAINT held_actions_kind_check CHECK (kind IN ('export', 'send'));
ALTER TABLE held_actions ADD COLUMN wallet_id text REFERENCES wallets (id) ON DELETE CASCADE;
ALTER TABLE held_actions ADD COLUMN method text;
ALTER TABLE held_actions ADD COLUMN caip2 text;
ALTER TABLE held_actions ADD COLUMN params jsonb;
ALTER TABLE held_actions ADD COLUMN idempotency_key text;
ALTER TABLE held_actions ADD COLUMN claimed_at timestamptz;
ALTER TABLE held_actions ADD COLUMN result_hash text;
ALTER TABLE held_actions ADD COLUMN failure text;
-- The sweep's question: which held sends are due.
CREATE INDEX held_actions_due ON held_actions (opens_at)
  WHERE kind = 'send' AND cancelled_at IS NULL AND completed_at IS NULL;
