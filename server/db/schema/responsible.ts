import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EXCLUSION_KINDS, LIMIT_KINDS, LIMIT_PERIODS } from '../../../contracts/responsible.js';

// Mirrors migrations/0012_responsible_play.sql.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const responsibleLimits = pgTable(
  'responsible_limits',
  {
    userId: uuid('user_id').notNull(),
    kind: text('kind', { enum: LIMIT_KINDS }).notNull(),
    period: text('period', { enum: LIMIT_PERIODS }).notNull(),
    amount: bigint('amount', { mode: 'number' }),
    nextAmount: bigint('next_amount', { mode: 'number' }),
    nextAt: ts('next_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

export const responsibleExclusions = pgTable('responsible_exclusions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: EXCLUSION_KINDS }).notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The Idempotency-Key the break was asked with, unique per player (migration 0025). */
  requestKey: text('request_key'),
});

export const demoPlayers = pgTable('demo_players', {
  id: uuid('id').primaryKey().defaultRandom(),
  balance: bigint('balance', { mode: 'number' }).notNull(),
  round: jsonb('round').$type<Record<string, unknown> | null>(),
  rounds: integer('rounds').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
