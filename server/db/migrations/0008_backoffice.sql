-- Back office: blocking players, and finding users and audit entries fast.

-- A blocked account cannot sign in or play; its sessions end at its next call (sessions read it).
ALTER TABLE users ADD COLUMN blocked_at timestamptz;

-- The audit log filtered by who acted and by what they did, newest first.
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC);
CREATE INDEX audit_log_action_idx ON audit_log (action, created_at DESC);
