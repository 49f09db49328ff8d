import { sql } from 'drizzle-orm';
import { LANGUAGES } from '../../../contracts/language.js';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_core.sql; the SQL files are the source of truth for the database.

/** A change to an admin that waits for a second admin (0022): who proposed it, when, and the new values (a limit in paise). */
export interface ProposedAdminChange {
  by: string;
  byName: string;
  at: string;
  dailyApprovalLimit?: number | null;
  email?: string;
  phoneNumber?: string;
}

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  accessPages: text('access_pages')
    .array()
    .notNull()
    .default(sql`'{}'`),
  verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
  referralCode: text('referral_code').notNull(),
  referredBy: uuid('referred_by'),
  tokenVersion: integer('token_version').notNull().default(0),
  /** Set by the back office: a blocked account cannot sign in or play. */
  blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
  /** An admin's authenticator secret, sealed (lib/seal.ts); enabled once a first code is confirmed. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  /** An admin's own daily limit for approving deposits and withdrawals, in paise (null: ADMIN_DAILY_APPROVAL_LIMIT). */
  dailyApprovalLimit: bigint('daily_approval_limit', { mode: 'number' }),
  /** When the player confirmed, at sign-up, being 18 or older. */
  ageConfirmedAt: timestamp('age_confirmed_at', { withTimezone: true, mode: 'date' }),
  /** Minutes between reality-check reminders; 0: off. */
  realityCheckMinutes: integer('reality_check_minutes').notNull().default(60),
  /** An admin's own new e-mail or phone, kept until a code sent to it confirms the change (0017). */
  pendingEmail: text('pending_email'),
  pendingPhone: text('pending_phone'),
  /** The challenge (sign-in) that asked for the unconfirmed authenticator secret; only it may confirm it. */
  totpSetupChallenge: text('totp_setup_challenge'),
  /** The player's language (0021): the site's after sign-in, and the codes' e-mails and SMS. */
  language: text('language', { enum: LANGUAGES }).notNull().default('en'),
  /** The admin who made this admin, and the last other admin who changed them (0022): approvers must be independent. */
  createdBy: uuid('created_by'),
  managedBy: uuid('managed_by'),
  managedAt: timestamp('managed_at', { withTimezone: true, mode: 'date' }),
  /** A change to this admin waiting for a second admin to make the same change (0022). */
  proposedChange: jsonb('proposed_change').$type<ProposedAdminChange>(),
  /** An admin set this player's password or contact: withdrawals wait until then, unless a second admin releases them (0022). */
  withdrawalsHeldUntil: timestamp('withdrawals_held_until', { withTimezone: true, mode: 'date' }),
  withdrawalsHeldBy: uuid('withdrawals_held_by'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').notNull(),
  userId: uuid('user_id'),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

export const ledgerTransfers = pgTable('ledger_transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  debitAccountId: uuid('debit_account_id').notNull(),
  creditAccountId: uuid('credit_account_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  reference: text('reference').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  actorId: uuid('actor_id'),
  /** The actor's name when the entry was written (0017). */
  actorName: text('actor_name'),
  action: text('action').notNull(),
  entity: text('entity').notNull(),
  entityId: text('entity_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  createdAt: createdAt(),
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const adminRecoveryCodes = pgTable('admin_recovery_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
});

// migrations/0017_insiders.sql: play money or real money, decided once per database.
export const moneyMode = pgTable('money_mode', {
  onlyRow: boolean('only_row').primaryKey().default(true),
  playMoney: boolean('play_money').notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
