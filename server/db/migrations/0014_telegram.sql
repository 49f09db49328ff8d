-- Telegram: the channels the bot administers (learned from its updates), the offset of the last
-- update read, the game rounds announced in channels, and each approved subscription's channel
-- and single-use invite link.

CREATE TABLE telegram_channels (
  id          bigint PRIMARY KEY,
  title       text NOT NULL,
  username    text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE telegram_state (
  id             smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  update_offset  bigint NOT NULL DEFAULT 0
);

CREATE TABLE telegram_rounds (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  game_type    text NOT NULL CHECK (game_type IN ('chicken', 'color')),
  multipliers  double precision[] NOT NULL,
  start_time   timestamptz NOT NULL,
  end_time     timestamptz NOT NULL CHECK (end_time > start_time),
  status       text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'active', 'completed')),
  channel_id   bigint NOT NULL,
  period       text,
  posted_at    timestamptz,
  created_by   uuid REFERENCES users(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX telegram_rounds_due_idx ON telegram_rounds (start_time) WHERE status <> 'completed';

ALTER TABLE wallet_deposits ADD COLUMN channel_id bigint;
ALTER TABLE wallet_deposits ADD COLUMN invite_link text;
