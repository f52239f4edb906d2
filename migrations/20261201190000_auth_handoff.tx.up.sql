-- auth_handoff: the Figma plugin's sign-in handoffs (server/auth/handoff.go, docs/signin.md). The
-- plugin gets a read key and a write key; the signed-in sign-in page stores the user's tokens under
-- the write key, the plugin takes them once with the read key. Only SHA-256 digests of the keys are
-- kept; a row lives at most auth.HandoffTTL and is deleted when read. A side table: the seed tables
-- are unchanged.
CREATE TABLE auth_handoff (
    read_key_hash bytea PRIMARY KEY,
    write_key_hash bytea NOT NULL UNIQUE,
    tokens jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    expires_at timestamptz NOT NULL
);
CREATE INDEX auth_handoff_expires_at_idx ON auth_handoff (expires_at);
