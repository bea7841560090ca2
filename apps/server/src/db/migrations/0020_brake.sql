-- The brake cannot be taken away (docs/security.md, "The SIM-swap attacker"). A new device's sign-out of older
-- sessions, its change of a sign-in address and a younger session's lifting of a freeze are held actions too; every
-- held action's notice carries a one-use link that cancels it without signing in (only its SHA-256 is kept).
ALTER TABLE held_actions DROP CONSTRAINT IF EXISTS held_actions_kind_check;
ALTER TABLE held_actions ADD CONSTRAINT held_actions_kind_check
  CHECK (kind IN ('export', 'send', 'signature', 'sign_out', 'address_change', 'lift_freeze'));
ALTER TABLE held_actions ADD COLUMN cancel_link_digest text;
CREATE UNIQUE INDEX held_actions_cancel_link ON held_actions (cancel_link_digest);
-- The sweep's other question: which held sign-outs and freeze lifts are due.
CREATE INDEX held_actions_due_later ON held_actions (opens_at)
  WHERE kind IN ('sign_out', 'lift_freeze') AND cancelled_at IS NULL AND completed_at IS NULL;

-- A freeze: no send, signature or export on any session of the account until ends_at, or until it is lifted.
CREATE TABLE account_freezes (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Who froze it, and when that session signed in: a session that signed in later waits the hold to lift it. The
  -- time is kept with the freeze, so the freeze outlives the session's row (ended sessions are deleted).
  session_id text REFERENCES sessions (id) ON DELETE SET NULL,
  author_signed_in_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz NOT NULL,
  lifted_at timestamptz,
  lifted_by_session_id text
);
CREATE INDEX account_freezes_user ON account_freezes (user_id, ends_at DESC);
