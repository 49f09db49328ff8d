import { bigint, boolean, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DIFFICULTIES, ROUND_STATES } from '../../../contracts/chicken.math.js';

// Tables of the chicken feature; mirrors migrations/0004_chicken.sql.

export const seedPairs = pgTable('seed_pairs', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull().default(0),
  active: boolean('active').notNull().default(true),
  revealedAt: timestamp('revealed_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const chickenRounds = pgTable('chicken_rounds', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  seedPairId: uuid('seed_pair_id').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  difficulty: text('difficulty', { enum: DIFFICULTIES }).notNull(),
  rtpPpm: integer('rtp_ppm').notNull(),
  bet: bigint('bet', { mode: 'number' }).notNull(),
  maxWin: bigint('max_win', { mode: 'number' }).notNull(),
  autoCashout: integer('auto_cashout'),
  traps: smallint('traps').array().notNull(),
  state: text('state', { enum: ROUND_STATES }).notNull().default('playing'),
  lane: integer('lane').notNull().default(-1),
  multiplier: integer('multiplier'),
  payout: bigint('payout', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
  /** The Idempotency-Key of the start that opened the round, unique per player (migration 0025). */
  requestKey: text('request_key'),
  /** The Idempotency-Key of the round's last step (a go or the stop), if it came with one. */
  stepKey: text('step_key'),
});
