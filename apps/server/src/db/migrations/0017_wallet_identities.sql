-- Wallets a member holds themselves are a way to sign in, beside a phone number and an email address
-- (members/users.ts). A wallet identity keeps its chain and its address (lower-case on Ethereum, so any spelling
-- finds it; base58 as is on Solana), and the wallet app and connector of its latest signature, which
-- linked_accounts shows. A member may link several wallets, and still one phone number and one email address.
ALTER TABLE identities ADD COLUMN chain_type text;
ALTER TABLE identities ADD COLUMN wallet_client_type text;
ALTER TABLE identities ADD COLUMN connector_type text;
ALTER TABLE identities DROP CONSTRAINT identities_kind_check;
ALTER TABLE identities ADD CONSTRAINT identities_kind_check CHECK (
  (kind IN ('phone', 'email') AND chain_type IS NULL AND wallet_client_type IS NULL AND connector_type IS NULL)
  OR (
    kind = 'wallet'
    AND chain_type IN ('ethereum', 'solana')
    AND wallet_client_type IS NOT NULL
    AND connector_type IS NOT NULL
    AND (chain_type <> 'ethereum' OR value = lower(value))
  )
);
DROP INDEX identities_user_kind;
CREATE UNIQUE INDEX identities_user_kind ON identities (user_id, kind) WHERE kind IN ('phone', 'email');

-- A session may have signed in with a wallet: the new-device hold remembers it as it does a phone or an email.
ALTER TABLE session_origins DROP CONSTRAINT session_origins_signed_in_with_check;
ALTER TABLE session_origins ADD CONSTRAINT session_origins_signed_in_with_check
  CHECK (signed_in_with IN ('phone', 'email', 'wallet'));
