-- Device keys the wallet frame registered before a sign-in (members/pendingKeys.ts): the sign-in that follows in
-- the same browser binds its new session to the key, once. The browser holds the token in a cookie; only its
-- SHA-256 is kept.
CREATE TABLE pending_device_keys (
  token_digest text PRIMARY KEY,
  public_key text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pending_device_keys_expires_at ON pending_device_keys (expires_at);
