-- The prize wheel: the prize set admins edit (one in use, the oldest), and every spin with what
-- it was drawn from, so anyone can verify it once the seed pair is revealed.

CREATE TABLE spinner_prize_sets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  prizes      text[] NOT NULL CHECK (cardinality(prizes) BETWEEN 2 AND 24),
  created_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- A fresh install spins this set until an admin changes it.
INSERT INTO spinner_prize_sets (prizes) VALUES (ARRAY['10', '20', 'LOSE', '50', '5', 'LOSE', '100', '15']);

-- One spin a player an hour: the server refuses earlier ones. `segment` indexes `prizes` as they
-- were at the spin; `amount` is the prize in paise (0 for LOSE).
CREATE TABLE spins (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id           uuid NOT NULL REFERENCES users(id),
  seed_pair_id      uuid NOT NULL REFERENCES seed_pairs(id),
  server_seed_hash  text NOT NULL,
  client_seed       text NOT NULL,
  nonce             integer NOT NULL,
  prizes            text[] NOT NULL,
  segment           integer NOT NULL CHECK (segment >= 0 AND segment < cardinality(prizes)),
  prize             text NOT NULL,
  amount            bigint NOT NULL CHECK (amount >= 0),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX spins_user_idx ON spins (user_id, created_at DESC);
