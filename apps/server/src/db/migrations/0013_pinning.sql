-- Charter's own pinning service: every block of a pinned document by its CID, and one row per pinned root.
CREATE TABLE pinned_blocks (
  cid text PRIMARY KEY,
  bytes bytea NOT NULL
);
CREATE TABLE pins (
  cid text PRIMARY KEY,
  cid_version integer NOT NULL,
  -- The DAG's cumulative size, as `ipfs add` and Pinata's PinSize give it.
  size bigint NOT NULL,
  -- The document's bytes as pinned, so the gateway answers with one read.
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
