-- Admins' second factor: an authenticator app (TOTP). The secret is stored sealed (AES-256-GCM with
-- a key derived from APP_SECRET); the last accepted time step stops a code being used twice.
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN totp_last_step bigint;

-- Ten single-use recovery codes per admin, kept as hashes.
CREATE TABLE admin_recovery_codes (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_recovery_codes_user_idx ON admin_recovery_codes (user_id) WHERE used_at IS NULL;
