-- Core: people, the ledger and the audit log. Every feature builds on these.

CREATE TABLE users (
  id             uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  full_name      text NOT NULL,
  email          text NOT NULL,
  phone_number   text NOT NULL,
  password_hash  text NOT NULL,
  role           text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  access_pages   text[] NOT NULL DEFAULT '{}',
  verified_at    timestamptz,
  referral_code  text NOT NULL UNIQUE,
  referred_by    uuid REFERENCES users(id),
  token_version  integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE UNIQUE INDEX users_phone_key ON users (phone_number);

-- Money moves from the debit account to the credit account. A player's accounts (wallet,
-- withdrawal hold) keep a stored balance that the database refuses to take below zero.
-- System accounts (house, cash, promotions) keep no stored balance: every bet would otherwise
-- update one hot row; their balance is the sum of their transfers.
CREATE TABLE ledger_accounts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind        text NOT NULL,
  user_id     uuid REFERENCES users(id),
  balance     bigint NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT ledger_accounts_owner CHECK ((user_id IS NULL) = (kind IN ('house', 'cash', 'promotions'))),
  CONSTRAINT ledger_accounts_balance_not_negative CHECK (user_id IS NULL OR balance >= 0),
  CONSTRAINT ledger_accounts_system_balance_derived CHECK (user_id IS NOT NULL OR balance = 0)
);
CREATE UNIQUE INDEX ledger_accounts_user_kind_key ON ledger_accounts (user_id, kind) WHERE user_id IS NOT NULL;
CREATE UNIQUE INDEX ledger_accounts_system_kind_key ON ledger_accounts (kind) WHERE user_id IS NULL;

-- Fixed ids, known to the code (ledger.repo.ts), so a transfer never has to look them up.
INSERT INTO ledger_accounts (id, kind) VALUES
  ('00000000-0000-4000-8000-000000000001', 'house'),
  ('00000000-0000-4000-8000-000000000002', 'cash'),
  ('00000000-0000-4000-8000-000000000003', 'promotions');

CREATE TABLE ledger_transfers (
  id                 bigserial PRIMARY KEY,
  debit_account_id   uuid NOT NULL REFERENCES ledger_accounts(id),
  credit_account_id  uuid NOT NULL REFERENCES ledger_accounts(id),
  amount             bigint NOT NULL CHECK (amount > 0),
  kind               text NOT NULL,
  reference          text NOT NULL,
  idempotency_key    text NOT NULL UNIQUE,
  metadata           jsonb NOT NULL DEFAULT '{}',
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (debit_account_id <> credit_account_id)
);
CREATE INDEX ledger_transfers_debit_idx ON ledger_transfers (debit_account_id, id);
CREATE INDEX ledger_transfers_credit_idx ON ledger_transfers (credit_account_id, id);

CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  actor_id    uuid REFERENCES users(id),
  action      text NOT NULL,
  entity      text NOT NULL,
  entity_id   text,
  before      jsonb,
  after       jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);

-- Answers to money calls sent with an Idempotency-Key, replayed when the same call comes again.
-- status_code is null while the first request is still being handled.
CREATE TABLE idempotency_keys (
  user_id      uuid NOT NULL REFERENCES users(id),
  key          text NOT NULL,
  fingerprint  text NOT NULL,
  status_code  integer,
  response     jsonb,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
