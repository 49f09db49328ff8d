import { bigint, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { CRYPTO_NETWORKS, CRYPTO_TYPES } from '../../../contracts/crypto.js';
import { DEPOSIT_METHODS, REQUEST_STATUSES, WITHDRAW_METHODS } from '../../../contracts/wallet.js';

// Tables of the wallet feature; mirrors migrations/0003_wallet.sql.

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const walletDeposits = pgTable('wallet_deposits', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  method: text('method', { enum: DEPOSIT_METHODS }).notNull(),
  /** The transaction id or hash the player gave; null on a UPI request until its UTR is given (0027). */
  payNumber: text('pay_number'),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  remarks: text('remarks'),
  status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
  decidedBy: uuid('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  /** The first of two approvals a large deposit needs (DEPOSIT_SECOND_APPROVAL_ABOVE, 0022). */
  firstApprovedBy: uuid('first_approved_by'),
  firstApprovedAt: timestamp('first_approved_at', { withTimezone: true, mode: 'date' }),
  /** A Telegram subscription: the channel it was approved for and the single-use invite link made for it. */
  channelId: bigint('channel_id', { mode: 'number' }),
  inviteLink: text('invite_link'),
  /** The Idempotency-Key the request came with, unique per player (migration 0025, decision 0029). */
  requestKey: text('request_key'),
  /** The keys of the admin's decision and of a first approval of two, for their retries (0025). */
  decisionKey: text('decision_key'),
  firstApprovalKey: text('first_approval_key'),
  /** A UPI request's deposit reference (contracts/upi.ts), which the payment's remark carries (0027). */
  reference: text('reference'),
  createdAt: createdAt(),
});

export const walletWithdrawals = pgTable('wallet_withdrawals', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  method: text('method', { enum: WITHDRAW_METHODS }).notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  remarks: text('remarks'),
  status: text('status', { enum: REQUEST_STATUSES }).notNull().default('pending'),
  /** The Idempotency-Key the request came with, unique per player (migration 0016). */
  requestKey: text('request_key'),
  decidedBy: uuid('decided_by'),
  /** The first of two approvals a large withdrawal needs (WITHDRAWAL_SECOND_APPROVAL_ABOVE). */
  firstApprovedBy: uuid('first_approved_by'),
  firstApprovedAt: timestamp('first_approved_at', { withTimezone: true, mode: 'date' }),
  decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  /** The keys of the admin's decision and of a first approval of two, for their retries (0025). */
  decisionKey: text('decision_key'),
  firstApprovalKey: text('first_approval_key'),
  createdAt: createdAt(),
});

export const walletQrCodes = pgTable('wallet_qr_codes', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['upi', 'crypto'] }).notNull(),
  title: text('title').notNull(),
  /** The title in Hindi, for Hindi readers (0026); null: Hindi readers see the English. */
  titleHi: text('title_hi'),
  /** The UPI ID or wallet address the code pays to, for players to copy; null when not given. */
  payTo: text('pay_to'),
  /** A crypto code's coin and network (0024); null on a UPI code and on crypto codes from before. */
  coin: text('coin', { enum: CRYPTO_TYPES }),
  network: text('network', { enum: CRYPTO_NETWORKS }),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

export const walletFixedAmounts = pgTable('wallet_fixed_amounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['refer', 'telegram'] }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

/** The back office's rate of each coin: paise for one coin, and when it was set (0024). */
export const walletCoinRates = pgTable('wallet_coin_rates', {
  coin: text('coin', { enum: CRYPTO_TYPES }).primaryKey(),
  rate: bigint('rate', { mode: 'number' }).notNull(),
  setBy: uuid('set_by'),
  setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
