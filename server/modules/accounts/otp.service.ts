import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_SECONDS, OTP_TTL_SECONDS } from '../../../contracts/accounts.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import * as repo from './otp.repo.js';
import type { OtpChannel, OtpPurpose } from './otp.repo.js';

export type { OtpChannel, OtpPurpose } from './otp.repo.js';

export interface IssuedCode {
  channel: OtpChannel;
  code: string;
}

export type CheckResult = { ok: true } | { ok: false; code: 'OTP_INVALID' | 'OTP_EXHAUSTED'; message: string };

const CHANNEL_LABEL: Record<OtpChannel, string> = { email: 'email', sms: 'SMS' };

/** Codes are kept as an HMAC bound to the person, purpose and channel, never in the clear. */
function hashCode(secret: string, userId: string, purpose: OtpPurpose, channel: OtpChannel, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${channel}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Issues a fresh six-digit code per channel, replacing any earlier one. */
export async function issueCodes(
  tx: DbOrTx,
  secret: string,
  userId: string,
  purpose: OtpPurpose,
  channels: readonly OtpChannel[],
  now: Date,
): Promise<IssuedCode[]> {
  const issued: IssuedCode[] = [];
  for (const channel of channels) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.upsertCode(tx, { userId, purpose, channel, codeHash: hashCode(secret, userId, purpose, channel, code), ttlSeconds: OTP_TTL_SECONDS, now });
    issued.push({ channel, code });
  }
  return issued;
}

/**
 * Checks one code per channel. A wrong code spends one of its five attempts; after the fifth
 * the code is void. Codes are consumed only when every channel matched. Runs inside the
 * caller's transaction, which must commit even on failure so that attempts are counted.
 */
export async function consumeCodes(
  tx: Tx,
  secret: string,
  userId: string,
  purpose: OtpPurpose,
  given: Partial<Record<OtpChannel, string>>,
  now: Date,
): Promise<CheckResult> {
  const channels = Object.keys(given) as OtpChannel[];
  const rows = new Map((await repo.lockCodes(tx, userId, purpose, channels)).map((r) => [r.channel, r]));
  const failed: OtpChannel[] = [];
  let exhausted = false;
  for (const channel of channels) {
    const row = rows.get(channel);
    if (!row || row.expiresAt <= now) {
      failed.push(channel);
      continue;
    }
    if (row.attempts >= OTP_MAX_ATTEMPTS) {
      exhausted = true;
      continue;
    }
    if (!sameHash(row.codeHash, hashCode(secret, userId, purpose, channel, given[channel]!))) {
      await repo.addAttempt(tx, userId, purpose, channel);
      if (row.attempts + 1 >= OTP_MAX_ATTEMPTS) exhausted = true;
      else failed.push(channel);
    }
  }
  if (exhausted) return { ok: false, code: 'OTP_EXHAUSTED', message: MESSAGES.tooManyAttempts };
  if (failed.length) {
    // With two codes, say which one was wrong.
    const message = channels.length > 1 && failed.length === 1 ? `Invalid or expired ${CHANNEL_LABEL[failed[0]]} code` : MESSAGES.invalidCode;
    return { ok: false, code: 'OTP_INVALID', message };
  }
  await repo.deleteCodes(tx, userId, purpose);
  return { ok: true };
}

/** Seconds until new codes may be sent (0 when now). */
export async function cooldownRemaining(db: DbOrTx, userId: string, purpose: OtpPurpose, channels: readonly OtpChannel[], now: Date): Promise<number> {
  const sent = await repo.lastSent(db, userId, purpose, [...channels]);
  if (!sent) return 0;
  return Math.max(0, Math.ceil(OTP_RESEND_COOLDOWN_SECONDS - (now.getTime() - sent.getTime()) / 1000));
}

export const clearSent = repo.clearSent;
