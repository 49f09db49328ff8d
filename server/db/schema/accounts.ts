import { bigserial, boolean, integer, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables of the accounts feature; mirrors migrations/0002_accounts.sql.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const otpCodes = pgTable(
  'otp_codes',
  {
    userId: uuid('user_id').notNull(),
    purpose: text('purpose', { enum: ['verify', 'reset', 'contact'] }).notNull(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose, t.channel] })],
);

export const refreshTokens = pgTable('refresh_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  familyId: uuid('family_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  rotatedAt: ts('rotated_at'),
  revokedAt: ts('revoked_at'),
  /** The session was begun with an admin's second factor (0017). */
  secondFactor: boolean('second_factor').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const devOutbox = pgTable('dev_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipient: text('recipient').notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  code: text('code'),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const gameVisibility = pgTable('game_visibility', {
  gameType: text('game_type').primaryKey(),
  isVisible: boolean('is_visible').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const siteNotification = pgTable('site_notification', {
  id: smallint('id').primaryKey().default(1),
  message: text('message'),
  /** Its Hindi version, for Hindi readers (0026); null: Hindi readers see the English. */
  messageHi: text('message_hi'),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// migrations/0020_support_contacts.sql
export const siteSupport = pgTable('site_support', {
  id: smallint('id').primaryKey().default(1),
  whatsapp: text('whatsapp'),
  telegram: text('telegram'),
  updatedBy: uuid('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// migrations/0005_auth_throttle.sql
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: ts('blocked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// migrations/0017_insiders.sql: second-factor challenges already spent.
export const usedChallenges = pgTable('used_challenges', {
  id: text('id').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});
