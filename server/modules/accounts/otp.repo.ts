import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { otpCodes } from '../../db/schema/index.js';

export type OtpPurpose = 'verify' | 'reset' | 'contact';
export type OtpChannel = 'email' | 'sms';
export type OtpRow = typeof otpCodes.$inferSelect;

/** Replaces the live code of (user, purpose, channel) at `now`; `sent_at` claims the resend cooldown. */
export async function upsertCode(
  db: DbOrTx,
  v: { userId: string; purpose: OtpPurpose; channel: OtpChannel; codeHash: string; ttlSeconds: number; now: Date },
): Promise<void> {
  const expiresAt = new Date(v.now.getTime() + v.ttlSeconds * 1000);
  await db
    .insert(otpCodes)
    .values({ userId: v.userId, purpose: v.purpose, channel: v.channel, codeHash: v.codeHash, attempts: 0, expiresAt, sentAt: v.now, createdAt: v.now })
    .onConflictDoUpdate({
      target: [otpCodes.userId, otpCodes.purpose, otpCodes.channel],
      set: { codeHash: v.codeHash, attempts: 0, expiresAt, sentAt: v.now, createdAt: v.now },
    });
}

/** Delivery failed: lift the cooldown so the person can ask again at once. */
export async function clearSent(db: DbOrTx, userId: string, purpose: OtpPurpose, channel: OtpChannel): Promise<void> {
  await db
    .update(otpCodes)
    .set({ sentAt: null })
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), eq(otpCodes.channel, channel)));
}

/** The live codes, locked so that two guesses at once cannot both spend the same attempt. */
export async function lockCodes(db: DbOrTx, userId: string, purpose: OtpPurpose, channels: OtpChannel[]): Promise<OtpRow[]> {
  return db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), inArray(otpCodes.channel, channels)))
    .for('update');
}

export async function addAttempt(db: DbOrTx, userId: string, purpose: OtpPurpose, channel: OtpChannel): Promise<void> {
  await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), eq(otpCodes.channel, channel)));
}

export async function deleteCodes(db: DbOrTx, userId: string, purpose: OtpPurpose): Promise<void> {
  await db.delete(otpCodes).where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose)));
}

/**
 * When the codes of these channels were last sent, or null when one of them was never sent (or
 * its delivery failed), which lifts the cooldown.
 */
export async function lastSent(db: DbOrTx, userId: string, purpose: OtpPurpose, channels: OtpChannel[]): Promise<Date | null> {
  const rows = await db
    .select({ sentAt: otpCodes.sentAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), inArray(otpCodes.channel, channels)));
  if (rows.length < channels.length || rows.some((r) => !r.sentAt)) return null;
  return new Date(Math.max(...rows.map((r) => r.sentAt!.getTime())));
}
