-- One policy decision before any key signs (policy/): the new-device budget's reservations, written before a
-- signature is made and released if it is not; a held signature (a raw transaction or a permit that cannot wait
-- for a replay, so it is given to the same session once the hold ends); and the decision beside each activity line.
CREATE TABLE budget_reservations (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  session_id text NOT NULL,
  wallet_id text NOT NULL,
  chain text NOT NULL,
  asset text NOT NULL CHECK (asset IN ('native', 'usdc')),
  amount numeric(78, 0) NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  released_at timestamptz
);
CREATE INDEX budget_reservations_user ON budget_reservations (user_id, created_at);
ALTER TABLE held_actions DROP CONSTRAINT IF EXISTS held_actions_kind_check;
ALTER TABLE held_actions ADD CONSTRAINT held_actions_kind_check CHECK (kind IN ('export', 'send', 'signature'));
ALTER TABLE wallet_activity ADD COLUMN decision text;
