-- Responsible play: the player's own limits, time-outs and self-exclusion, the reality check,
-- the age confirmation at sign-up, and the demo game's play-money players.

ALTER TABLE users ADD COLUMN age_confirmed_at timestamptz;
-- Minutes between reality-check reminders; 0 turns them off.
ALTER TABLE users ADD COLUMN reality_check_minutes integer NOT NULL DEFAULT 60 CHECK (reality_check_minutes BETWEEN 0 AND 600);

-- One row per player, kind and period. `amount` is in force; a raise or removal waits in
-- `next_amount` (null: removal) until `next_at`, when it takes over.
CREATE TABLE responsible_limits (
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('deposit', 'loss', 'bet')),
  period       text NOT NULL CHECK (period IN ('day', 'week', 'month')),
  amount       bigint CHECK (amount > 0),
  next_amount  bigint CHECK (next_amount > 0),
  next_at      timestamptz,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind, period)
);

-- Every time-out and self-exclusion ever taken; none is shortened or deleted.
CREATE TABLE responsible_exclusions (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('timeout', 'self-exclusion')),
  starts_at   timestamptz NOT NULL,
  ends_at     timestamptz NOT NULL CHECK (ends_at > starts_at),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX responsible_exclusions_user_idx ON responsible_exclusions (user_id, ends_at DESC);

-- Demo Chicken Road: play money on its own, never in the ledger. A visitor is known by a cookie.
CREATE TABLE demo_players (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  balance     bigint NOT NULL CHECK (balance >= 0),
  round       jsonb,
  rounds      integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
