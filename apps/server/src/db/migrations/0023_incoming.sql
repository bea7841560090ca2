-- Money received, read from the chains (incoming/): one row per receipt, keyed by where it is on its chain so a
-- restart, a second pass or a second server process writes it once.
CREATE TABLE incoming_receipts (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  wallet_id text NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  -- The chain as GET /chains names it: '84532', 'devnet'.
  chain_id text NOT NULL,
  -- The transaction hash (EVM) or signature (Solana).
  tx_hash text NOT NULL,
  -- Where in the transaction: 'log:<index>' (an ERC-20 Transfer), 'native', 'usdc' (a Solana balance change).
  position text NOT NULL,
  asset text NOT NULL CHECK (asset IN ('usdc', 'native')),
  -- Base units, decimal digits.
  amount text NOT NULL,
  from_address text NOT NULL,
  block_number bigint NOT NULL,
  -- The block it was found in (EVM), so a reorg that moves it is seen; null on Solana (read finalized).
  block_hash text,
  -- What found it: the chain's own records, or Charter's send records (a member's native send to a member).
  source text NOT NULL CHECK (source IN ('chain', 'send')),
  -- Whether the home has told the member of it (GET /wallets/received/news).
  announced boolean NOT NULL DEFAULT false,
  -- The block's time.
  created_at timestamptz NOT NULL,
  UNIQUE (chain_id, tx_hash, position, wallet_id)
);
CREATE INDEX incoming_receipts_news ON incoming_receipts (user_id, id) WHERE NOT announced;
CREATE INDEX incoming_receipts_unsafe ON incoming_receipts (chain_id, block_number);

-- Each receipt is a line of its owner's activity; removing the receipt (a reorg took it) removes the line.
ALTER TABLE wallet_activity ADD COLUMN receipt_id bigint REFERENCES incoming_receipts (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX wallet_activity_receipt ON wallet_activity (receipt_id);
ALTER TABLE wallet_activity DROP CONSTRAINT wallet_activity_kind_check;
ALTER TABLE wallet_activity ADD CONSTRAINT wallet_activity_kind_check CHECK (kind IN ('signature', 'export', 'decline', 'receive'));

-- How far each (wallet, chain) has been read for good: the next block (EVM) or slot (Solana) a pass starts from.
-- It moves only to the head minus the chain's reorg depth, so what lies above is read again on the next pass.
CREATE TABLE incoming_cursors (
  wallet_id text NOT NULL REFERENCES wallets (id) ON DELETE CASCADE,
  chain_id text NOT NULL,
  next_block bigint NOT NULL,
  -- Solana only: per account, where a read cut short by its page budget goes on (the signature it reached, the
  -- slot the read started at), so a flood of signatures delays what is older, never skips it.
  backfill jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (wallet_id, chain_id)
);
