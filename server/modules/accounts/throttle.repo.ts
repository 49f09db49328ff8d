import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { authThrottle } from '../../db/schema/index.js';

export interface ThrottleState {
  failures: number;
  /** Seconds until the next attempt is allowed (0: now). */
  waitSeconds: number;
  /** The last attempt is older than the forgetting window. */
  stale: boolean;
}

/** The key's row, created when missing, locked until the transaction ends. */
export async function lockThrottle(tx: DbOrTx, key: string, forgetAfterSeconds: number, now: Date): Promise<ThrottleState> {
  for (;;) {
    const row = await insertAndLock(tx, key, forgetAfterSeconds, now);
    // The purge may remove a stale row between the insert and the lock: make it again.
    if (row) return { failures: row.failures, waitSeconds: row.waitSeconds ?? 0, stale: row.stale };
  }
}

async function insertAndLock(tx: DbOrTx, key: string, forgetAfterSeconds: number, now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  await tx.insert(authThrottle).values({ key, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({
      failures: authThrottle.failures,
      waitSeconds: sql<number>`greatest(0, ceil(extract(epoch from ${authThrottle.blockedUntil} - ${at})))::int`,
      stale: sql<boolean>`${authThrottle.updatedAt} < ${at} - make_interval(secs => ${forgetAfterSeconds})`,
    })
    .from(authThrottle)
    .where(eq(authThrottle.key, key))
    .for('update');
  return row;
}

/** Seconds until the key's next attempt is allowed (0: now, or no row), read without a lock. */
export async function waitSeconds(db: DbOrTx, key: string, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({ waitSeconds: sql<number>`greatest(0, ceil(extract(epoch from ${authThrottle.blockedUntil} - ${at})))::int` })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  return row?.waitSeconds ?? 0;
}

export async function recordAttempt(tx: DbOrTx, key: string, failures: number, blockSeconds: number, now: Date): Promise<void> {
  await tx
    .update(authThrottle)
    .set({ failures, blockedUntil: blockSeconds > 0 ? new Date(now.getTime() + blockSeconds * 1000) : null, updatedAt: now })
    .where(eq(authThrottle.key, key));
}

/** Forgets the failures. The row stays (the purge removes it once stale): a request waiting to lock it must find it. */
export async function clearThrottle(db: DbOrTx, key: string, now: Date): Promise<void> {
  await db.update(authThrottle).set({ failures: 0, blockedUntil: null, updatedAt: now }).where(eq(authThrottle.key, key));
}
