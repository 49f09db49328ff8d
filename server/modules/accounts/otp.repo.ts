import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { otpCodes } from '../../db/schema/index.js';

export type OtpPurpose = 'verify' | 'reset';
export type OtpChannel = 'email' | 'sms';
export type OtpRow = typeof otpCodes.$inferSelect & { expired: boolean };

/** Replaces the live code of (user, purpose, channel); `sent_at` claims the resend cooldown. */
export async function upsertCode(db: DbOrTx, v: { userId: string; purpose: OtpPurpose; channel: OtpChannel; codeHash: string; ttlSeconds: number }): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${v.ttlSeconds})`;
  await db
    .insert(otpCodes)
    .values({ userId: v.userId, purpose: v.purpose, channel: v.channel, codeHash: v.codeHash, attempts: 0, expiresAt, sentAt: sql`now()`, createdAt: sql`now()` })
    .onConflictDoUpdate({
      target: [otpCodes.userId, otpCodes.purpose, otpCodes.channel],
      set: { codeHash: v.codeHash, attempts: 0, expiresAt, sentAt: sql`now()`, createdAt: sql`now()` },
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
    .select({
      userId: otpCodes.userId,
      purpose: otpCodes.purpose,
      channel: otpCodes.channel,
      codeHash: otpCodes.codeHash,
      attempts: otpCodes.attempts,
      expiresAt: otpCodes.expiresAt,
      sentAt: otpCodes.sentAt,
      createdAt: otpCodes.createdAt,
      expired: sql<boolean>`${otpCodes.expiresAt} <= now()`,
    })
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
 * Seconds since the codes of these channels were last sent, or null when one of them was never
 * sent (or its delivery failed), which lifts the cooldown.
 */
export async function secondsSinceSent(db: DbOrTx, userId: string, purpose: OtpPurpose, channels: OtpChannel[]): Promise<number | null> {
  const [row] = await db
    .select({
      sent: sql<number>`count(${otpCodes.sentAt})::int`,
      since: sql<number | null>`extract(epoch FROM now() - max(${otpCodes.sentAt}))::float8`,
    })
    .from(otpCodes)
    .where(and(eq(otpCodes.userId, userId), eq(otpCodes.purpose, purpose), inArray(otpCodes.channel, channels)));
  if (!row || Number(row.sent) < channels.length || row.since === null) return null;
  return Number(row.since);
}
