-- The name a member goes by among their colleagues ("Ana Lopez"): shown in member lists, the send form's picker
-- and the sender of money received. Null until they give one; then their phone number or email shows instead.
ALTER TABLE users ADD COLUMN display_name text;
