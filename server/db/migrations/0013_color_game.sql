-- The colour game: one hash chain committed before its first period, the periods' results and
-- the players' bets. Money moves through the ledger (bet, win); these rows say why.

-- The chain: hash(n−1) = sha256(hash(n)), hash(length) = seed. Its terminal hash(0) is published
-- before period 1; period n draws from hash(n) and the salt. One row.
CREATE TABLE color_chain (
  id             smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  seed           text NOT NULL,
  length         integer NOT NULL CHECK (length > 0),
  terminal_hash  text NOT NULL,
  salt           text NOT NULL,
  salt_source    text NOT NULL,
  epoch          timestamptz NOT NULL,
  round_seconds  integer NOT NULL CHECK (round_seconds > 0),
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- A period's result, written once when it ends (the primary key keeps it once).
CREATE TABLE color_periods (
  seq         integer PRIMARY KEY,
  period      text NOT NULL UNIQUE,
  start_time  timestamptz NOT NULL,
  end_time    timestamptz NOT NULL,
  number      smallint NOT NULL CHECK (number BETWEEN 0 AND 9),
  hash        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE color_bets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id),
  seq         integer NOT NULL,
  period      text NOT NULL,
  selection   text NOT NULL CHECK (selection IN ('green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9')),
  amount      bigint NOT NULL CHECK (amount > 0),
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'won', 'lost')),
  payout      bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  settled_at  timestamptz
);
CREATE INDEX color_bets_open_idx ON color_bets (seq) WHERE status = 'open';
CREATE INDEX color_bets_user_idx ON color_bets (user_id, created_at DESC);
