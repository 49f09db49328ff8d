import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Tables of the spinner feature; mirrors migrations/0006_spinner.sql.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const spinnerPrizeSets = pgTable('spinner_prize_sets', {
  id: uuid('id').primaryKey().defaultRandom(),
  prizes: text('prizes').array().notNull(),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const spins = pgTable('spins', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  seedPairId: uuid('seed_pair_id').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull(),
  prizes: text('prizes').array().notNull(),
  segment: integer('segment').notNull(),
  prize: text('prize').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The Idempotency-Key the spin came with, unique per player (migration 0025). */
  requestKey: text('request_key'),
});
