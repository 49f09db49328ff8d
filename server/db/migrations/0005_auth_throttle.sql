-- Failed attempts per account (sign-in, verification codes, password reset), so that guessing is
-- slowed whatever address it comes from. Each attempt is counted before it is checked; a success
-- deletes the row. Past the free attempts every further one waits longer (blocked_until).
CREATE TABLE auth_throttle (
  key            text PRIMARY KEY,
  failures       integer NOT NULL DEFAULT 0,
  blocked_until  timestamptz,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
