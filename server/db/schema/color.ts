import { bigint, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SALT_SOURCES } from '../../../contracts/color.math.js';

// Mirrors migrations/0013_color_game.sql and 0019_colour_commitments.sql.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const colorChains = pgTable('color_chains', {
  id: integer('id').primaryKey(),
  /** Sealed (lib/seal.ts) under config.keys.seeds. */
  seed: text('seed').notNull(),
  length: integer('length').notNull(),
  terminalHash: text('terminal_hash').notNull(),
  roundSeconds: integer('round_seconds').notNull(),
  offset: integer('offset').notNull(),
  madeAt: ts('made_at').notNull(),
  publishedAt: ts('published_at').notNull(),
  saltBlock: integer('salt_block'),
  saltBlockAt: ts('salt_block_at'),
  salt: text('salt'),
  saltSource: text('salt_source', { enum: SALT_SOURCES }),
  saltedAt: ts('salted_at'),
  epoch: ts('epoch'),
});

export const colorPeriods = pgTable('color_periods', {
  seq: integer('seq').primaryKey(),
  chainId: integer('chain_id').notNull(),
  period: text('period').notNull(),
  startTime: ts('start_time').notNull(),
  endTime: ts('end_time').notNull(),
  number: smallint('number').notNull(),
  hash: text('hash').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const colorBets = pgTable('color_bets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  chainId: integer('chain_id').notNull(),
  seq: integer('seq').notNull(),
  period: text('period').notNull(),
  selection: text('selection').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: text('status', { enum: ['open', 'won', 'lost'] })
    .notNull()
    .default('open'),
  payout: bigint('payout', { mode: 'number' }).notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  settledAt: ts('settled_at'),
  /** The Idempotency-Key the bet came with, unique per player (migration 0025). */
  requestKey: text('request_key'),
});
