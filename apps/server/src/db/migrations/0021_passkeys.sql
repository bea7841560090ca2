-- Passkeys (passkeys/): a member's WebAuthn credentials, bound to PUBLIC_URL's host, and the one-use challenges
-- their ceremonies answer, kept in the database so every replica sees the same ones and a challenge is used once.
CREATE TABLE passkeys (
  -- The credential's id, base64url, as the authenticator made it.
  credential_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- The COSE public key, base64url. A public key: no secret of the member's is kept.
  public_key text NOT NULL,
  -- The signature counter last seen: one that goes backwards is a copy of the credential, and refused.
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  name text NOT NULL,
  -- The authenticator's own name where its AAGUID is known ("Google Password Manager"), else null.
  authenticator_name text,
  aaguid text,
  backed_up boolean NOT NULL DEFAULT false,
  created_with_user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);

CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  -- 'link' (adding one), 'sign_in' (anyone, discoverable), 'proof' (a signed-in member confirming one action).
  purpose text NOT NULL CHECK (purpose IN ('link', 'sign_in', 'proof')),
  session_id text REFERENCES sessions (id) ON DELETE CASCADE,
  -- What a proof confirms, exactly: "held:<id>" (a held action's row keeps what it sends, to whom, on which chain,
  -- and never changes), "export:<wallet id>", "unlink:<credential id>".
  action text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expires ON passkey_challenges (expires_at);

-- A session that signed in with a passkey: not a new device.
ALTER TABLE session_origins DROP CONSTRAINT IF EXISTS session_origins_signed_in_with_check;
ALTER TABLE session_origins ADD CONSTRAINT session_origins_signed_in_with_check
  CHECK (signed_in_with IN ('phone', 'email', 'wallet', 'passkey'));

-- Adding a passkey from a new device waits like any account change; removing one without a passkey waits too.
ALTER TABLE held_actions DROP CONSTRAINT IF EXISTS held_actions_kind_check;
ALTER TABLE held_actions ADD CONSTRAINT held_actions_kind_check
  CHECK (kind IN ('export', 'send', 'signature', 'sign_out', 'address_change', 'lift_freeze', 'passkey_add', 'passkey_remove'));
-- When a member's passkey released it at once, instead of its wait.
ALTER TABLE held_actions ADD COLUMN lifted_at timestamptz;
-- Whether the session that asked was within its own new-device hold then: only such a request, cancelled from
-- elsewhere, stops its device (a trusted session's request held whatever its age, a passkey's removal, does not).
ALTER TABLE held_actions ADD COLUMN from_new_device boolean NOT NULL DEFAULT true;
DROP INDEX IF EXISTS held_actions_due_later;
CREATE INDEX held_actions_due_later ON held_actions (opens_at)
  WHERE kind IN ('sign_out', 'lift_freeze', 'passkey_remove') AND cancelled_at IS NULL AND completed_at IS NULL;
