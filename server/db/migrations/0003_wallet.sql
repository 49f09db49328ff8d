-- Wallet: deposit and withdrawal requests, payment QR codes and the fixed refer/Telegram amounts.
-- Money itself lives in the ledger (0001_core.sql); these rows are the requests that cause it.

CREATE TABLE wallet_deposits (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id),
  amount      bigint NOT NULL CHECK (amount > 0),
  method      text NOT NULL CHECK (method IN ('UPI', 'Crypto', 'Telegram')),
  pay_number  text NOT NULL,
  details     jsonb NOT NULL DEFAULT '{}',
  remarks     text,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by  uuid REFERENCES users(id),
  decided_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- A transaction id or hash has at most one live claim per method, whatever its letter case. A
-- rejected claim frees it, so a mistyped id, or a victim's id submitted first by someone else,
-- can be submitted again once an admin has rejected the wrong claim.
CREATE UNIQUE INDEX wallet_deposits_pay_number_key ON wallet_deposits (method, lower(pay_number)) WHERE status <> 'rejected';
-- Every claim of an id, whatever its status: the back office shows how often one was submitted.
CREATE INDEX wallet_deposits_pay_number_idx ON wallet_deposits (method, lower(pay_number));
CREATE INDEX wallet_deposits_user_idx ON wallet_deposits (user_id, created_at DESC);
CREATE INDEX wallet_deposits_created_idx ON wallet_deposits (created_at DESC);
CREATE INDEX wallet_deposits_pending_idx ON wallet_deposits (created_at DESC) WHERE status = 'pending';

CREATE TABLE wallet_withdrawals (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id     uuid NOT NULL REFERENCES users(id),
  amount      bigint NOT NULL CHECK (amount > 0),
  method      text NOT NULL CHECK (method IN ('UPI', 'USDT', 'ETH')),
  details     jsonb NOT NULL DEFAULT '{}',
  remarks     text,
  status      text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  decided_by  uuid REFERENCES users(id),
  decided_at  timestamptz,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_withdrawals_user_idx ON wallet_withdrawals (user_id, created_at DESC);
CREATE INDEX wallet_withdrawals_created_idx ON wallet_withdrawals (created_at DESC);

-- One QR code per kind: the unique index makes two concurrent uploads end with one.
CREATE TABLE wallet_qr_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind        text NOT NULL CHECK (kind IN ('upi', 'crypto')),
  title       text NOT NULL,
  file_name   text NOT NULL UNIQUE,
  mime_type   text NOT NULL,
  size_bytes  integer NOT NULL CHECK (size_bytes > 0),
  created_by  uuid REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX wallet_qr_codes_kind_key ON wallet_qr_codes (kind);

-- The refer amount (paid to a referrer) and the Telegram subscription amount: one of each.
CREATE TABLE wallet_fixed_amounts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind        text NOT NULL CHECK (kind IN ('refer', 'telegram')),
  amount      bigint NOT NULL CHECK (amount > 0),
  created_by  uuid REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX wallet_fixed_amounts_kind_key ON wallet_fixed_amounts (kind);
