-- Invitations are delivered: each has a link sent by text or email, kept here as the SHA-256 digest of its
-- token only (whoever reads this table cannot open one), when it stops working, the name the inviter gave the
-- invitee (offered to them as their own when they accept) and how the last sending went. One row per
-- invitation; a resend gives it a new link and the old one stops working. Invitations from before this have
-- no row: they still show on their invitee's home, and expire a week after they were made.
CREATE TABLE invitation_links (
  invitation_id text PRIMARY KEY REFERENCES invitations(id) ON DELETE CASCADE,
  link_digest text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  invitee_name text,
  delivery text NOT NULL,
  sent_at timestamptz NOT NULL DEFAULT now()
);
