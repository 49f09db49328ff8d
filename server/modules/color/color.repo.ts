import { and, count, desc, eq, gte, isNull, lt, lte, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { colorBets, colorChains, colorPeriods } from '../../db/schema/index.js';

/** A chain as stored: its seed sealed. */
export type ChainRow = typeof colorChains.$inferSelect;
export type PeriodRow = typeof colorPeriods.$inferSelect;
export type BetRow = typeof colorBets.$inferSelect;

/** Every chain, oldest first (a chain lasts months: there are few). */
export async function listChains(db: DbOrTx): Promise<ChainRow[]> {
  return db.select().from(colorChains).orderBy(colorChains.id);
}

/** Stores a chain under its id unless that id is taken (two servers making the next chain at once keep one). */
export async function insertChain(db: DbOrTx, row: ChainRow): Promise<boolean> {
  const rows = await db.insert(colorChains).values(row).onConflictDoNothing().returning({ id: colorChains.id });
  return rows.length > 0;
}

/** Writes a chain's salt and first period's start once; answers false when it already had one. */
export async function saltChain(db: DbOrTx, id: number, salt: Pick<ChainRow, 'salt' | 'saltSource' | 'saltedAt' | 'epoch'>): Promise<boolean> {
  const rows = await db
    .update(colorChains)
    .set(salt)
    .where(and(eq(colorChains.id, id), isNull(colorChains.salt)))
    .returning({ id: colorChains.id });
  return rows.length > 0;
}

/** Chains whose seed is stored in clear (made before seeds were sealed). */
export async function unsealedChains(db: DbOrTx): Promise<ChainRow[]> {
  return db
    .select()
    .from(colorChains)
    .where(sql`${colorChains.seed} NOT LIKE 'v1.%'`)
    .orderBy(colorChains.id);
}

export async function sealChainSeed(db: DbOrTx, id: number, clear: string, sealed: string): Promise<void> {
  await db
    .update(colorChains)
    .set({ seed: sealed })
    .where(and(eq(colorChains.id, id), eq(colorChains.seed, clear)));
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

export async function findPeriodNamed(db: DbOrTx, period: string): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(colorPeriods).where(eq(colorPeriods.period, period));
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

/** Results newest first; only one chain's when `chainId` is given. */
export async function listPeriods(db: DbOrTx, limit: number, offset: number, chainId?: number): Promise<{ rows: PeriodRow[]; total: number }> {
  const where = chainId === undefined ? undefined : eq(colorPeriods.chainId, chainId);
  const rows = await db.select().from(colorPeriods).where(where).orderBy(desc(colorPeriods.seq)).limit(limit).offset(offset);
  const [c] = await db.select({ n: count() }).from(colorPeriods).where(where);
  return { rows, total: Number(c?.n ?? 0) };
}

export async function insertBet(
  db: DbOrTx,
  row: Pick<BetRow, 'userId' | 'chainId' | 'seq' | 'period' | 'selection' | 'amount' | 'requestKey' | 'createdAt'>,
): Promise<BetRow> {
  const [saved] = await db.insert(colorBets).values(row).returning();
  return saved;
}

/** The player's bet placed with this Idempotency-Key, if one was. */
export async function findBetByKey(db: DbOrTx, userId: string, requestKey: string): Promise<BetRow | undefined> {
  const [row] = await db
    .select()
    .from(colorBets)
    .where(and(eq(colorBets.userId, userId), eq(colorBets.requestKey, requestKey)));
  return row;
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
