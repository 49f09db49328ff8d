import { bigint, doublePrecision, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { GAME_TYPES } from '../../../contracts/account-rules.js';
import { ROUND_STATUSES } from '../../../contracts/telegram.js';

// Mirrors migrations/0014_telegram.sql.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const telegramChannels = pgTable('telegram_channels', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  username: text('username'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const telegramState = pgTable('telegram_state', {
  id: smallint('id').primaryKey().default(1),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
});

export const telegramRounds = pgTable('telegram_rounds', {
  id: uuid('id').primaryKey().defaultRandom(),
  gameType: text('game_type', { enum: GAME_TYPES }).notNull(),
  multipliers: doublePrecision('multipliers').array().notNull(),
  startTime: ts('start_time').notNull(),
  endTime: ts('end_time').notNull(),
  status: text('status', { enum: ROUND_STATUSES }).notNull().default('scheduled'),
  channelId: bigint('channel_id', { mode: 'number' }).notNull(),
  period: text('period'),
  postedAt: ts('posted_at'),
  createdBy: uuid('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
