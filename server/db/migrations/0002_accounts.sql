-- Accounts: one-time codes, refresh tokens, the development outbox, game visibility and the
-- site-wide notification.

-- One live code per person, purpose and channel; a new code replaces the old one. Only an
-- HMAC of the code is kept. `sent_at` is set when the code is issued and the resend cooldown
-- counts from it; a failed delivery clears it, so the person can ask again at once.
CREATE TABLE otp_codes (
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose      text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  channel      text NOT NULL CHECK (channel IN ('email', 'sms')),
  code_hash    text NOT NULL,
  attempts     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  sent_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, purpose, channel)
);

-- Opaque refresh tokens, stored as SHA-256. Each sign-in starts a family; every refresh retires
-- the presented token and issues the next one in the same family. A retired token presented
-- again means it was copied, so the whole family is revoked.
CREATE TABLE refresh_tokens (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id    uuid NOT NULL,
  token_hash   text NOT NULL UNIQUE,
  expires_at   timestamptz NOT NULL,
  rotated_at   timestamptz,
  revoked_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- Messages the server would have sent, kept only when DEV_OUTBOX is on outside production.
CREATE TABLE dev_outbox (
  id          bigserial PRIMARY KEY,
  recipient   text NOT NULL,
  channel     text NOT NULL CHECK (channel IN ('email', 'sms')),
  code        text,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_outbox_recipient_idx ON dev_outbox (recipient, id DESC);

-- A game without a row is visible.
CREATE TABLE game_visibility (
  game_type   text PRIMARY KEY,
  is_visible  boolean NOT NULL,
  updated_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- The one site-wide notification (row id 1); no row means no notification.
CREATE TABLE site_notification (
  id          smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  message     text,
  updated_by  uuid REFERENCES users(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now()
);
