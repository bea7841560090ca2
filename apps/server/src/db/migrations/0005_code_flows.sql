-- A code belongs to the client flow that asked for it: codes are kept per destination and flow, each flow with
-- its own tries. Codes of the old shape were good for anyone; they last ten minutes, so they are simply dropped.
DELETE FROM otp_codes;
ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_pkey;
ALTER TABLE otp_codes ADD COLUMN flow text NOT NULL;
ALTER TABLE otp_codes ADD PRIMARY KEY (destination, flow);

-- Proof-of-work solutions already used to send a code past an address's allowance: each is good once.
CREATE TABLE used_code_challenges (
  challenge text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX used_code_challenges_expires_at ON used_code_challenges (expires_at);
