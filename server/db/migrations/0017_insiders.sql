-- An admin's own change of e-mail or phone waits here until a code sent to the new address confirms it.
ALTER TABLE users ADD COLUMN pending_email text;
ALTER TABLE users ADD COLUMN pending_phone text;
-- The second-factor challenge (one sign-in) that asked for the authenticator secret not yet
-- confirmed: only that sign-in may confirm it, and every new request for a secret draws a new one.
ALTER TABLE users ADD COLUMN totp_setup_challenge text;

ALTER TABLE otp_codes DROP CONSTRAINT otp_codes_purpose_check;
ALTER TABLE otp_codes ADD CONSTRAINT otp_codes_purpose_check CHECK (purpose IN ('verify', 'reset', 'contact'));

-- A session begun with the second factor. With ADMIN_2FA on, an admin's session without it ends.
ALTER TABLE refresh_tokens ADD COLUMN second_factor boolean NOT NULL DEFAULT false;

-- Second-factor challenges already spent: each one signs in once.
CREATE TABLE used_challenges (
  id         text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Who acted, by the name they had then: renaming an admin does not rewrite the past.
ALTER TABLE audit_log ADD COLUMN actor_name text;
UPDATE audit_log a SET actor_name = u.full_name FROM users u WHERE u.id = a.actor_id;

-- Whether this database holds play money or real money, decided once. A server whose PLAY_MONEY
-- differs refuses to start on it, so play balances can never be paid out as money.
CREATE TABLE money_mode (
  only_row   boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  play_money boolean NOT NULL,
  decided_at timestamptz NOT NULL DEFAULT now()
);
-- A database that already gave play-money starting balances is a play-money database; one that
-- moved any other money is a real-money one; an empty one is decided by its first server.
INSERT INTO money_mode (play_money)
SELECT EXISTS (SELECT 1 FROM ledger_transfers WHERE idempotency_key LIKE 'play-money-start:%')
 WHERE EXISTS (SELECT 1 FROM ledger_transfers);
