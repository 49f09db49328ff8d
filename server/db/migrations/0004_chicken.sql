-- Chicken Road: seed pairs (provably fair commitments) and rounds played step by step.
-- Money for a round moves through the ledger (0001_core.sql) under keys bet:<id> and payout:<id>.

-- A player's seed pairs. The active one is shown only as the hash of its server seed; rotating
-- it marks it revealed, after which its server seed may be shown with every round it drew.
CREATE TABLE seed_pairs (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users(id),
  server_seed       text NOT NULL,
  server_seed_hash  text NOT NULL,
  client_seed       text NOT NULL,
  -- The nonce the next bet takes.
  nonce             integer NOT NULL DEFAULT 0 CHECK (nonce >= 0),
  active            boolean NOT NULL DEFAULT true,
  revealed_at       timestamptz,
  created_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (active = (revealed_at IS NULL))
);
CREATE UNIQUE INDEX seed_pairs_one_active ON seed_pairs (user_id) WHERE active;
CREATE INDEX seed_pairs_user_idx ON seed_pairs (user_id, created_at DESC);

CREATE TABLE chicken_rounds (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users(id),
  seed_pair_id      uuid NOT NULL REFERENCES seed_pairs(id),
  server_seed_hash  text NOT NULL,
  client_seed       text NOT NULL,
  nonce             integer NOT NULL,
  difficulty        text NOT NULL CHECK (difficulty IN ('Easy', 'Medium', 'Hard', 'Hardest')),
  -- RTP in millionths, fixed at the start so a configuration change never alters a running ladder.
  rtp_ppm           integer NOT NULL CHECK (rtp_ppm > 0 AND rtp_ppm <= 1000000),
  bet               bigint NOT NULL CHECK (bet > 0),
  max_win           bigint NOT NULL CHECK (max_win > 0),
  auto_cashout      integer CHECK (auto_cashout > 100),
  -- Trap cells in draw order, derived from the seeds at the start; never shown before the end.
  traps             smallint[] NOT NULL,
  state             text NOT NULL DEFAULT 'playing' CHECK (state IN ('playing', 'won', 'lost')),
  -- The last lane stepped on: −1 before the first step; on a loss, the trap lane.
  lane              integer NOT NULL DEFAULT -1 CHECK (lane >= -1 AND lane < 25),
  -- Cash-out multiplier in hundredths (0 when lost), and the payout in paise, once ended.
  multiplier        integer CHECK (multiplier >= 0),
  payout            bigint CHECK (payout >= 0),
  created_at        timestamptz NOT NULL DEFAULT now(),
  ended_at          timestamptz,
  CHECK ((state = 'playing') = (ended_at IS NULL)),
  CHECK ((state = 'playing') = (payout IS NULL)),
  CHECK ((state = 'playing') = (multiplier IS NULL)),
  -- A loss is a step onto a trap, so it has a lane; a loss pays nothing.
  CHECK (state <> 'lost' OR (lane >= 0 AND multiplier = 0 AND payout = 0)),
  -- A stop before the first step ends the round by returning the bet: 1×, payout = bet.
  CHECK (state <> 'won' OR lane >= 0 OR (multiplier = 100 AND payout = bet))
);
-- At most one unfinished round per player.
CREATE UNIQUE INDEX chicken_rounds_one_open ON chicken_rounds (user_id) WHERE state = 'playing';
CREATE UNIQUE INDEX chicken_rounds_seed_nonce_key ON chicken_rounds (seed_pair_id, nonce);
CREATE INDEX chicken_rounds_user_idx ON chicken_rounds (user_id, created_at DESC, id DESC);
