import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { spinnerPrizeSets, spins } from '../../db/schema/index.js';

export type PrizeSetRow = typeof spinnerPrizeSets.$inferSelect;
export type SpinRow = typeof spins.$inferSelect;

/** Every prize set, oldest first: the first is the wheel. */
export async function listPrizeSets(db: DbOrTx): Promise<PrizeSetRow[]> {
  return db.select().from(spinnerPrizeSets).orderBy(asc(spinnerPrizeSets.createdAt), asc(spinnerPrizeSets.id));
}

export async function lockPrizeSet(db: DbOrTx, id: string): Promise<PrizeSetRow | undefined> {
  const [row] = await db.select().from(spinnerPrizeSets).where(eq(spinnerPrizeSets.id, id)).for('update');
  return row;
}

export async function insertPrizeSet(db: DbOrTx, prizes: string[], createdBy: string): Promise<PrizeSetRow> {
  const [row] = await db.insert(spinnerPrizeSets).values({ prizes, createdBy }).returning();
  return row;
}

export async function setPrizes(db: DbOrTx, id: string, prizes: string[], now: Date): Promise<PrizeSetRow> {
  const [row] = await db.update(spinnerPrizeSets).set({ prizes, updatedAt: now }).where(eq(spinnerPrizeSets.id, id)).returning();
  return row;
}

export async function deletePrizeSet(db: DbOrTx, id: string): Promise<void> {
  await db.delete(spinnerPrizeSets).where(eq(spinnerPrizeSets.id, id));
}

/** When the player last spun, or null. */
export async function lastSpinAt(db: DbOrTx, userId: string): Promise<Date | null> {
  const [row] = await db.select({ createdAt: spins.createdAt }).from(spins).where(eq(spins.userId, userId)).orderBy(desc(spins.createdAt)).limit(1);
  return row?.createdAt ?? null;
}

export async function insertSpin(db: DbOrTx, spin: Omit<typeof spins.$inferInsert, 'id'>): Promise<SpinRow> {
  const [row] = await db.insert(spins).values(spin).returning();
  return row;
}

/** The player's spin made with this Idempotency-Key, if one was. */
export async function findSpinByKey(db: DbOrTx, userId: string, requestKey: string): Promise<SpinRow | undefined> {
  const [row] = await db
    .select()
    .from(spins)
    .where(and(eq(spins.userId, userId), eq(spins.requestKey, requestKey)));
  return row;
}

/** A page of the player's spins, newest first, with their total count. */
export async function listSpins(db: DbOrTx, userId: string, limit: number, offset: number): Promise<{ rows: SpinRow[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(spins).where(eq(spins.userId, userId)).orderBy(desc(spins.createdAt), desc(spins.id)).limit(limit).offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(spins)
      .where(eq(spins.userId, userId)),
  ]);
  return { rows, total: Number(total) };
}
