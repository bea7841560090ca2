-- Sends on Solana too: the chain is named by CAIP-2 (`eip155:<id>` or `solana:<genesis>`); Solana has no chain id
-- and no nonce, and a send is followed until its blockhash's last valid block height.
ALTER TABLE sends ADD COLUMN caip2 text;
UPDATE sends SET caip2 = 'eip155:' || chain_id;
ALTER TABLE sends ALTER COLUMN caip2 SET NOT NULL;
ALTER TABLE sends ALTER COLUMN chain_id DROP NOT NULL;
ALTER TABLE sends ALTER COLUMN nonce DROP NOT NULL;
ALTER TABLE sends ADD COLUMN last_valid_block_height text;
-- One Solana transaction is one signature: two sends that would sign the same message (the same transfer
-- against the same blockhash) cannot both be recorded, since only one could land.
CREATE UNIQUE INDEX sends_solana_signature ON sends (hash) WHERE caip2 LIKE 'solana:%';
