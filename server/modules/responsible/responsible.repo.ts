import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { LimitKind, LimitPeriod } from '../../../contracts/responsible.js';
import type { DbOrTx } from '../../db/client.js';
import { responsibleExclusions, responsibleLimits, users, walletDeposits } from '../../db/schema/index.js';

export type LimitRow = typeof responsibleLimits.$inferSelect;
export type ExclusionRow = typeof responsibleExclusions.$inferSelect;

export async function listLimits(db: DbOrTx, userId: string): Promise<LimitRow[]> {
  return db.select().from(responsibleLimits).where(eq(responsibleLimits.userId, userId));
}

/**
 * The player's limits, locked until the transaction ends: two bets or deposit requests of one
 * player are checked against their limits one after the other, never both against the same
 * "used so far". A player without limits locks nothing.
 */
export async function lockLimits(db: DbOrTx, userId: string): Promise<LimitRow[]> {
  return db.select().from(responsibleLimits).where(eq(responsibleLimits.userId, userId)).for('update');
}

export async function saveLimit(
  db: DbOrTx,
  row: { userId: string; kind: LimitKind; period: LimitPeriod; amount: number | null; nextAmount: number | null; nextAt: Date | null },
  now: Date,
): Promise<void> {
  if (row.amount === null && row.nextAt === null) {
    await db
      .delete(responsibleLimits)
      .where(and(eq(responsibleLimits.userId, row.userId), eq(responsibleLimits.kind, row.kind), eq(responsibleLimits.period, row.period)));
    return;
  }
  await db
    .insert(responsibleLimits)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: [responsibleLimits.userId, responsibleLimits.kind, responsibleLimits.period],
      set: { amount: row.amount, nextAmount: row.nextAmount, nextAt: row.nextAt, updatedAt: now },
    });
}

/** The one rule of an exclusion in force (migration 0029), which the money functions ask too. */
const inForce = (now: Date) => sql`exclusion_in_force(${responsibleExclusions.startsAt}, ${responsibleExclusions.endsAt}, ${now.toISOString()}::timestamptz)`;

/** The exclusion in force at `now` that ends last, if any. */
export async function activeExclusion(db: DbOrTx, userId: string, now: Date): Promise<ExclusionRow | undefined> {
  const [row] = await db
    .select()
    .from(responsibleExclusions)
    .where(and(eq(responsibleExclusions.userId, userId), inForce(now)))
    .orderBy(desc(responsibleExclusions.endsAt))
    .limit(1);
  return row;
}

export async function insertExclusion(db: DbOrTx, row: Pick<ExclusionRow, 'userId' | 'kind' | 'startsAt' | 'endsAt' | 'requestKey'>): Promise<ExclusionRow> {
  const [saved] = await db.insert(responsibleExclusions).values(row).returning();
  return saved;
}

/** The player's break taken with this Idempotency-Key, if one was. */
export async function findExclusionByKey(db: DbOrTx, userId: string, requestKey: string): Promise<ExclusionRow | undefined> {
  const [row] = await db
    .select()
    .from(responsibleExclusions)
    .where(and(eq(responsibleExclusions.userId, userId), eq(responsibleExclusions.requestKey, requestKey)));
  return row;
}

/** Active exclusions of many players at once (the back office's user list). */
export async function activeExclusions(db: DbOrTx, userIds: string[], now: Date): Promise<ExclusionRow[]> {
  if (userIds.length === 0) return [];
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return db
    .select()
    .from(responsibleExclusions)
    .where(and(sql`${responsibleExclusions.userId} IN (${ids})`, inForce(now)))
    .orderBy(desc(responsibleExclusions.endsAt));
}

export async function realityCheckMinutes(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ minutes: users.realityCheckMinutes }).from(users).where(eq(users.id, userId));
  return row?.minutes ?? 60;
}

export async function setRealityCheckMinutes(db: DbOrTx, userId: string, minutes: number): Promise<void> {
  await db.update(users).set({ realityCheckMinutes: minutes }).where(eq(users.id, userId));
}

/** Paise the player has asked to deposit since `since`, rejected requests left out. */
export async function depositedSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${walletDeposits.amount}), 0)` })
    .from(walletDeposits)
    .where(and(eq(walletDeposits.userId, userId), sql`${walletDeposits.status} <> 'rejected'`, gte(walletDeposits.createdAt, since)));
  return Number(row?.total ?? 0);
}
