import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminRecoveryCodes, users } from '../../db/schema/index.js';

/** A new, not yet confirmed secret, bound to the challenge that asked for it; never over a confirmed one. */
export async function saveTotpSecret(db: DbOrTx, userId: string, sealed: string, challengeId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ totpSecret: sealed, totpSetupChallenge: challengeId, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
}

/** Accepts a code's time step only once and only moving forward; answers false for a replay. */
export async function takeTotpStep(db: DbOrTx, userId: string, step: number, enable: boolean, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      totpLastStep: step,
      ...(enable ? { totpEnabledAt: sql`coalesce(${users.totpEnabledAt}, ${now.toISOString()}::timestamptz)`, totpSetupChallenge: null } : {}),
    })
    .where(and(eq(users.id, userId), sql`coalesce(${users.totpLastStep}, -1) < ${step}`))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function replaceRecoveryCodes(db: DbOrTx, userId: string, hashes: string[]): Promise<void> {
  await db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await db.insert(adminRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code; answers false when there is none with this hash. */
export async function useRecoveryCode(db: DbOrTx, userId: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(adminRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(adminRecoveryCodes.userId, userId), eq(adminRecoveryCodes.codeHash, codeHash), isNull(adminRecoveryCodes.usedAt)))
    .returning({ id: adminRecoveryCodes.id });
  return rows.length === 1;
}
