-- An activity line that sent a transaction names it by hash, so the list shows the send's status beside it.
ALTER TABLE wallet_activity ADD COLUMN send_hash text;
-- The list finds each line's send by (wallet, hash).
CREATE INDEX sends_wallet_hash ON sends (wallet_id, hash);
