-- Every token a session's refreshes replaced, not only the last: one of them used again, however many refreshes
-- later, means someone kept a copy, and ends the session. They go with their session.
CREATE TABLE session_superseded_tokens (
  token_hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('session', 'refresh')),
  superseded_at timestamptz NOT NULL
);
CREATE INDEX session_superseded_tokens_session ON session_superseded_tokens (session_id);

INSERT INTO session_superseded_tokens (token_hash, session_id, kind, superseded_at)
  SELECT previous_token_hash, id, 'session', rotated_at FROM sessions
  WHERE previous_token_hash IS NOT NULL AND rotated_at IS NOT NULL
  ON CONFLICT DO NOTHING;
INSERT INTO session_superseded_tokens (token_hash, session_id, kind, superseded_at)
  SELECT previous_refresh_token_hash, id, 'refresh', rotated_at FROM sessions
  WHERE previous_refresh_token_hash IS NOT NULL AND rotated_at IS NOT NULL
  ON CONFLICT DO NOTHING;

DROP INDEX sessions_previous_token_hash;
DROP INDEX sessions_previous_refresh_token_hash;
ALTER TABLE sessions DROP COLUMN previous_token_hash;
ALTER TABLE sessions DROP COLUMN previous_refresh_token_hash;
ALTER TABLE sessions DROP COLUMN rotated_at;
