-- Bank statements matched to deposit claims (docs/decisions/0032-bank-statements-matched-to-claims.md).
-- A bank account the operator receives UPI payments into, with the column mapping of its exports.
CREATE TABLE bank_accounts (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name        text NOT NULL UNIQUE,
  mapping     jsonb,
  created_by  uuid NOT NULL REFERENCES users(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One upload of a statement file: who, when, which file, how many credit lines, how many were new.
CREATE TABLE statement_imports (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank_account_id  uuid NOT NULL REFERENCES bank_accounts(id),
  file_name        text NOT NULL,
  file_sha256      text NOT NULL,
  credit_lines     integer NOT NULL,
  new_lines        integer NOT NULL,
  first_date       date,
  last_date        date,
  imported_by      uuid NOT NULL REFERENCES users(id),
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Every credit line a statement showed, once per bank account however often it is imported
-- (its fingerprint: date, narration, reference, amount and its place among identical lines).
-- A line approves at most one deposit and a deposit is approved by at most one line.
CREATE TABLE statement_lines (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bank_account_id  uuid NOT NULL REFERENCES bank_accounts(id),
  fingerprint      text NOT NULL,
  import_id        uuid NOT NULL REFERENCES statement_imports(id),
  row_number       integer NOT NULL,
  value_date       date NOT NULL,
  narration        text NOT NULL,
  reference        text,
  credit           bigint NOT NULL CHECK (credit > 0),
  utr              text,
  deposit_refs     text[] NOT NULL DEFAULT '{}',
  deposit_id       uuid UNIQUE REFERENCES wallet_deposits(id),
  used_by          uuid REFERENCES users(id),
  used_at          timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (bank_account_id, fingerprint)
);
CREATE INDEX statement_lines_utr ON statement_lines (utr) WHERE utr IS NOT NULL;

-- Which lines each import showed (an overlapping import shows lines an earlier one stored).
CREATE TABLE statement_import_lines (
  import_id  uuid NOT NULL REFERENCES statement_imports(id),
  line_id    uuid NOT NULL REFERENCES statement_lines(id),
  PRIMARY KEY (import_id, line_id)
);

-- Admins who hold every earlier page (the first admin) also hold the new one.
UPDATE users SET access_pages = array_append(access_pages, 'reconcile')
 WHERE role = 'admin'
   AND access_pages @> ARRAY['transaction', 'withdraw-requests', 'games', 'telegram', 'admin-management', 'qr-code']
   AND NOT ('reconcile' = ANY (access_pages));
