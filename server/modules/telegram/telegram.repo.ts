import { and, asc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { telegramChannels, telegramRounds, telegramState } from '../../db/schema/index.js';

export type ChannelRow = typeof telegramChannels.$inferSelect;
export type RoundRow = typeof telegramRounds.$inferSelect;
export type NewRound = Pick<RoundRow, 'gameType' | 'multipliers' | 'startTime' | 'endTime' | 'channelId' | 'period'>;

export async function listChannels(db: DbOrTx): Promise<ChannelRow[]> {
  return db.select().from(telegramChannels).orderBy(asc(telegramChannels.title));
}

export async function findChannel(db: DbOrTx, id: number): Promise<ChannelRow | undefined> {
  const [row] = await db.select().from(telegramChannels).where(eq(telegramChannels.id, id));
  return row;
}

export async function saveChannel(db: DbOrTx, row: { id: number; title: string; username: string | null }, now: Date): Promise<void> {
  await db
    .insert(telegramChannels)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({ target: telegramChannels.id, set: { title: row.title, username: row.username, updatedAt: now } });
}

export async function removeChannel(db: DbOrTx, id: number): Promise<void> {
  await db.delete(telegramChannels).where(eq(telegramChannels.id, id));
}

export async function updateOffset(db: DbOrTx): Promise<number> {
  const [row] = await db.select().from(telegramState).where(eq(telegramState.id, 1));
  return row?.updateOffset ?? 0;
}

export async function saveOffset(db: DbOrTx, offset: number): Promise<void> {
  await db
    .insert(telegramState)
    .values({ id: 1, updateOffset: offset })
    .onConflictDoUpdate({ target: telegramState.id, set: { updateOffset: offset } });
}

export async function listRounds(db: DbOrTx, f: { gameType?: 'chicken' | 'color'; status?: RoundRow['status'] }): Promise<RoundRow[]> {
  return db
    .select()
    .from(telegramRounds)
    .where(and(f.gameType ? eq(telegramRounds.gameType, f.gameType) : undefined, f.status ? eq(telegramRounds.status, f.status) : undefined))
    .orderBy(asc(telegramRounds.startTime));
}

export async function insertRound(db: DbOrTx, row: NewRound & { createdBy: string }): Promise<RoundRow> {
  const [saved] = await db.insert(telegramRounds).values(row).returning();
  return saved;
}

export async function updateRound(db: DbOrTx, id: string, row: NewRound): Promise<RoundRow | undefined> {
  const [saved] = await db.update(telegramRounds).set(row).where(eq(telegramRounds.id, id)).returning();
  return saved;
}

export async function deleteRound(db: DbOrTx, id: string): Promise<RoundRow | undefined> {
  const [gone] = await db.delete(telegramRounds).where(eq(telegramRounds.id, id)).returning();
  return gone;
}

/** Rounds whose start or end has come and whose status has not followed yet, locked for the scheduler. */
export async function lockDueRounds(db: DbOrTx, now: Date): Promise<RoundRow[]> {
  return db
    .select()
    .from(telegramRounds)
    .where(and(ne(telegramRounds.status, 'completed'), lte(telegramRounds.startTime, now)))
    .orderBy(asc(telegramRounds.startTime))
    .limit(100)
    .for('update', { skipLocked: true });
}

export async function setRoundStatus(db: DbOrTx, ids: string[], status: RoundRow['status'], now: Date, posted = false): Promise<void> {
  if (!ids.length) return;
  await db
    .update(telegramRounds)
    .set({ status, ...(posted ? { postedAt: now } : {}) })
    .where(inArray(telegramRounds.id, ids));
}
