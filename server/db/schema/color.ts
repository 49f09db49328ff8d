import { bigint, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors migrations/0013_color_game.sql.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const colorChain = pgTable('color_chain', {
  id: smallint('id').primaryKey().default(1),
  seed: text('seed').notNull(),
  length: integer('length').notNull(),
  terminalHash: text('terminal_hash').notNull(),
  salt: text('salt').notNull(),
  saltSource: text('salt_source').notNull(),
  epoch: ts('epoch').notNull(),
  roundSeconds: integer('round_seconds').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const colorPeriods = pgTable('color_periods', {
  seq: integer('seq').primaryKey(),
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
});
