import { and, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Claims caller + key for a first request; false when someone already holds it. */
export async function claimKey(db: DbOrTx, v: { userId: string; key: string; fingerprint: string; createdAt: Date }): Promise<boolean> {
  const rows = await db.insert(idempotencyKeys).values(v).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

export async function findKey(db: DbOrTx, userId: string, key: string): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

/** Takes over a claim still unanswered after `staleMs`; false when it is fresher or answered. */
export async function takeOverStaleClaim(db: DbOrTx, userId: string, key: string, staleMs: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(idempotencyKeys)
    .set({ createdAt: now })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - staleMs)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

const open = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode));

export async function releaseKey(db: DbOrTx, userId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(open(userId, key));
}

export async function storeAnswer(db: DbOrTx, userId: string, key: string, statusCode: number, response: unknown): Promise<void> {
  await db.update(idempotencyKeys).set({ statusCode, response }).where(open(userId, key));
}
