-- A sponsored EVM send (sponsor/) is the sponsor's transaction: it takes the nonce of its fee payer, not of the
-- member's wallet, and every member's sponsored sends on a chain share that one sequence. Its lease is kept per
-- (fee payer address, chain), beside wallet_nonces, whose rows belong to members' wallets.
CREATE TABLE fee_payer_nonces (
  fee_payer text NOT NULL,
  chain_id integer NOT NULL,
  next_nonce integer NOT NULL DEFAULT 0,
  lease_holder text,
  lease_ends_at timestamptz,
  PRIMARY KEY (fee_payer, chain_id)
);
CREATE INDEX sends_fee_payer_chain_nonce ON sends (fee_payer, chain_id, nonce) WHERE fee_payer IS NOT NULL;
