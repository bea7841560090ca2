-- Wallet sign-in (walletSignIn/signInNonces.ts): the one nonce issued to an address for its next signed message.
-- A new one replaces the old; it is deleted as it is used, so it serves once. Only its SHA-256 is kept.
CREATE TABLE sign_in_nonces (
  family text NOT NULL,
  address text NOT NULL,
  nonce_digest text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (family, address)
);
CREATE INDEX sign_in_nonces_expires_at ON sign_in_nonces (expires_at);
