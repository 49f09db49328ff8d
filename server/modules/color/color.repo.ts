import { and, count, desc, eq, gte, lt, lte, max } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { colorBets, colorChain, colorPeriods } from '../../db/schema/index.js';

export type ChainRow = typeof colorChain.$inferSelect;
export type PeriodRow = typeof colorPeriods.$inferSelect;
export type BetRow = typeof colorBets.$inferSelect;

export async function findChain(db: DbOrTx): Promise<ChainRow | undefined> {
  const [row] = await db.select().from(colorChain).where(eq(colorChain.id, 1));
  return row;
}

/** Stores the chain unless one exists; answers the one that does (two servers starting at once keep one). */
export async function insertChain(db: DbOrTx, row: Omit<ChainRow, 'id'>): Promise<ChainRow> {
  await db.insert(colorChain).values(row).onConflictDoNothing();
  return (await findChain(db))!;
}

/** Records a period's result once; answers false when it was already there. */
export async function insertPeriod(db: DbOrTx, row: Omit<PeriodRow, 'createdAt'> & { settledAt: Date }): Promise<boolean> {
  const { settledAt, ...period } = row;
  const rows = await db
    .insert(colorPeriods)
    .values({ ...period, createdAt: settledAt })
    .onConflictDoNothing()
    .returning({ seq: colorPeriods.seq });
  return rows.length > 0;
}

export async function lastSettledSeq(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ seq: max(colorPeriods.seq) }).from(colorPeriods);
  return row?.seq ?? 0;
}

export async function findPeriod(db: DbOrTx, seq: number): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(colorPeriods).where(eq(colorPeriods.seq, seq));
  return row;
}

/** Periods `from` … `to`, oldest first. */
export async function periodsBetween(db: DbOrTx, from: number, to: number): Promise<PeriodRow[]> {
  return db
    .select()
    .from(colorPeriods)
    .where(and(gte(colorPeriods.seq, from), lte(colorPeriods.seq, to)))
    .orderBy(colorPeriods.seq);
}

export async function listPeriods(db: DbOrTx, limit: number, offset: number): Promise<{ rows: PeriodRow[]; total: number }> {
  const rows = await db.select().from(colorPeriods).orderBy(desc(colorPeriods.seq)).limit(limit).offset(offset);
  const [c] = await db.select({ n: count() }).from(colorPeriods);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function insertBet(db: DbOrTx, row: Pick<BetRow, 'userId' | 'seq' | 'period' | 'selection' | 'amount' | 'createdAt'>): Promise<BetRow> {
  const [saved] = await db.insert(colorBets).values(row).returning();
  return saved;
}

/** A period's open bets, locked until the transaction ends, so each is settled once. */
export async function lockOpenBets(db: DbOrTx, seq: number): Promise<BetRow[]> {
  return db
    .select()
    .from(colorBets)
    .where(and(eq(colorBets.seq, seq), eq(colorBets.status, 'open')))
    .for('update');
}

export async function settleBet(db: DbOrTx, id: string, status: 'won' | 'lost', payout: number, now: Date): Promise<void> {
  await db.update(colorBets).set({ status, payout, settledAt: now }).where(eq(colorBets.id, id));
}

/** Periods before `seq` that still hold open bets (a server was down when they ended). */
export async function seqsWithOpenBetsBefore(db: DbOrTx, seq: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ seq: colorBets.seq })
    .from(colorBets)
    .where(and(eq(colorBets.status, 'open'), lt(colorBets.seq, seq)));
  return rows.map((r) => r.seq).sort((a, b) => a - b);
}

export async function listUserBets(
  db: DbOrTx,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: (BetRow & { number: number | null })[]; total: number }> {
  const rows = await db
    .select({ bet: colorBets, number: colorPeriods.number })
    .from(colorBets)
    .leftJoin(colorPeriods, eq(colorPeriods.seq, colorBets.seq))
    .where(eq(colorBets.userId, userId))
    .orderBy(desc(colorBets.createdAt), desc(colorBets.id))
    .limit(limit)
    .offset(offset);
  const [c] = await db.select({ n: count() }).from(colorBets).where(eq(colorBets.userId, userId));
  return { rows: rows.map((r) => ({ ...r.bet, number: r.number })), total: Number(c?.n ?? 0) };
}
