import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { MESSAGES, OTP_RESEND_COOLDOWN_SECONDS, type otpVerifySchema, type registerSchema } from '../../../contracts/accounts.js';
import type { DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, badRequest, conflict, notFound, pgError, PG } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { toPaise } from '../../../contracts/money.js';
import { DEFAULT_LANGUAGE } from '../../../contracts/language.js';
import { ensureWallet, ledgerKeys, transferOnce } from '../ledger/index.js';
import * as users from './accounts.repo.js';
import { channelWords, deliverCodes } from './otp.delivery.js';
import { attemptSucceeded, takeAttempt } from './throttle.service.js';
import { consumeCodes, cooldownRemaining, issueCodes, type IssuedCode, type OtpChannel } from './otp.service.js';

type RegisterInput = z.output<typeof registerSchema>;
type VerifyInput = z.output<typeof otpVerifySchema>;

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const alreadyVerified = () => conflict('This account is already verified. You can sign in.', 'ALREADY_VERIFIED');

/** A short code without look-alike characters (no 0/O, 1/I), unique among users. */
export async function newReferralCode(db: DbOrTx): Promise<string> {
  for (;;) {
    const code = Array.from({ length: 8 }, () => REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)]).join('');
    if (!(await users.referralCodeTaken(db, code))) return code;
  }
}

/** Two registrations of the same e-mail or phone at the same moment: the later insert loses. */
function raceMessage(err: unknown): AppError | null {
  if (pgError(err).code !== PG.uniqueViolation) return null;
  return conflict('This email or phone number was registered a moment ago. Please try again.', 'REGISTRATION_CONFLICT');
}

/** An unverified registration older than this no longer holds its e-mail and phone. */
export const PENDING_REGISTRATION_HOURS = 24;

type RegisterOutcome =
  { kind: 'created'; user: users.UserRow; codes: IssuedCode[] } | { kind: 'pending'; user: users.UserRow; codes: IssuedCode[]; wait: number };

/**
 * Creates an account awaiting verification. An e-mail or phone that an account already holds is
 * never taken over: a verified account is refused outright, and a recent unverified one is left
 * exactly as it is (name, password and contacts) and its owner gets a new code; whoever holds
 * that code can finish it. Only an unverified registration older than a day gives way.
 */
export async function register(ctx: Ctx, input: RegisterInput) {
  const { db, config, now } = ctx;
  if (config.REQUIRE_AGE_CONFIRMATION && input.ageConfirmed !== true) throw badRequest(MESSAGES.ageRequired, 'AGE_NOT_CONFIRMED');
  const referrer = input.ref_by ? await users.findUserByReferralCode(db, input.ref_by) : undefined;
  if (input.ref_by && !referrer) throw badRequest(MESSAGES.referralInvalid, 'REFERRAL_INVALID');
  const passwordHash = await hashPassword(input.password);
  const channels = config.OTP_CHANNELS;

  let outcome: RegisterOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<RegisterOutcome> => {
      const holders = await users.lockUsersByEmailOrPhone(tx, input.email, input.phoneNumber);
      const verified = holders.find((u) => u.verifiedAt);
      if (verified) {
        throw verified.email.toLowerCase() === input.email
          ? conflict('An account with this email already exists.', 'EMAIL_TAKEN')
          : conflict('An account with this phone number already exists.', 'PHONE_TAKEN');
      }
      const pending: users.UserRow[] = [];
      for (const holder of holders) {
        if (!(await users.deleteAbandonedRegistration(tx, holder.id, PENDING_REGISTRATION_HOURS, now))) pending.push(holder);
      }
      if (pending.length > 1) throw conflict('This email and phone number belong to two different accounts awaiting verification.', 'REGISTRATION_CONFLICT');
      if (pending.length === 1) {
        const owner = pending[0];
        const wait = await cooldownRemaining(tx, owner.id, 'verify', channels, now);
        return {
          kind: 'pending',
          user: owner,
          wait,
          codes: wait > 0 ? [] : await issueCodes(tx, config.keys.otp, owner.id, 'verify', channels, now),
        };
      }
      const values = {
        fullName: input.fullName,
        email: input.email,
        phoneNumber: input.phoneNumber,
        passwordHash,
        referredBy: referrer?.id ?? null,
        ageConfirmedAt: input.ageConfirmed ? now : null,
        language: input.language ?? DEFAULT_LANGUAGE,
      };
      const user = await users.insertUser(tx, { ...values, referralCode: await newReferralCode(tx) });
      await ensureWallet(tx, user.id);
      return { kind: 'created', user, codes: await issueCodes(tx, config.keys.otp, user.id, 'verify', channels, now) };
    });
  } catch (err) {
    throw raceMessage(err) ?? err;
  }

  const { user, codes } = outcome;
  // Codes go to the contacts on record, never to the ones just typed.
  const failed = await deliverCodes(ctx, { userId: user.id, email: user.email, phoneNumber: user.phoneNumber, language: user.language }, 'verify', codes);
  if (outcome.kind === 'pending') {
    const contact = user.email.toLowerCase() === input.email ? 'This e-mail' : 'This phone number';
    const message =
      outcome.wait > 0
        ? `${contact} is waiting for verification: enter the code we sent, or ask for a new one in ${outcome.wait} seconds.`
        : failed.length === codes.length
          ? `${contact} is waiting for verification, but we could not send a new code. Please use Resend OTP.`
          : `${contact} is waiting for verification: we sent a new code.`;
    throw conflict(message, 'PENDING_VERIFICATION', { data: { userId: user.id, retryAfter: outcome.wait || OTP_RESEND_COOLDOWN_SECONDS } });
  }
  const message = failed.length
    ? `Registration successful, but we could not send your ${channelWords(failed)} code. Please use Resend OTP.`
    : MESSAGES.registered;
  return { user, message, failed };
}

export async function verify(ctx: Ctx, input: VerifyInput) {
  const { db, config, now } = ctx;
  const given: Partial<Record<OtpChannel, string>> = {};
  for (const channel of config.OTP_CHANNELS) {
    const code = channel === 'email' ? input.emailOTP : input.smsOTP;
    if (!code) throw badRequest(`${channel === 'email' ? 'emailOTP' : 'smsOTP'}: Please enter 6-digit OTP code`, 'VALIDATION_ERROR');
    given[channel] = code;
  }
  const user = await users.findUserById(db, input.userId);
  if (!user) throw badRequest(MESSAGES.invalidCode, 'OTP_INVALID');
  if (user.verifiedAt) throw alreadyVerified();
  await takeAttempt(db, 'verify', user.id, now);
  const result = await db.transaction(async (tx) => {
    const checked = await consumeCodes(tx, config.keys.otp, user.id, 'verify', given, now);
    if (checked.ok && (await users.markVerified(tx, user.id, now)) && config.PLAY_MONEY) {
      // A play-money site starts each new player with its play balance, once.
      await transferOnce(tx, {
        from: { system: 'promotions' },
        to: { user: user.id },
        amount: toPaise(config.PLAY_MONEY_START_BALANCE),
        kind: 'adjustment',
        ...ledgerKeys.playMoneyStart(user.id),
        metadata: { reason: 'play money starting balance' },
        at: now,
      });
    }
    return checked;
  });
  if (!result.ok) throw badRequest(result.message, result.code);
  await attemptSucceeded(db, 'verify', user.id, now);
}

export async function resend(ctx: Ctx, { userId }: { userId: string }) {
  const { db, config, now } = ctx;
  const channels = config.OTP_CHANNELS;
  const user = await users.findUserById(db, userId);
  if (!user) throw notFound('No registration was found for this account. Please register again.', 'ACCOUNT_NOT_FOUND');
  if (user.verifiedAt) throw alreadyVerified();
  const codes = await db.transaction(async (tx) => {
    // The row lock makes two resends at once wait for each other, so only one gets through.
    await users.lockUser(tx, user.id);
    const wait = await cooldownRemaining(tx, user.id, 'verify', channels, now);
    if (wait > 0) {
      throw new AppError('OTP_COOLDOWN', 429, `Please wait ${wait} seconds before asking for a new code.`, { data: { retryAfter: wait } });
    }
    return issueCodes(tx, config.keys.otp, user.id, 'verify', channels, now);
  });
  const failed = await deliverCodes(ctx, { userId: user.id, email: user.email, phoneNumber: user.phoneNumber, language: user.language }, 'verify', codes);
  if (failed.length === codes.length) {
    throw new AppError('DELIVERY_FAILED', 503, `We could not send your ${channelWords(failed)} code right now. Please try again in a moment.`, {
      data: { retryAfter: 0 },
    });
  }
  if (failed.length) {
    return { message: `New codes were sent, but the ${channelWords(failed)} code could not be sent. Please try again in a moment.`, retryAfter: 0 };
  }
  return { message: `A new code has been sent to your ${channelWords(codes.map((c) => c.channel))}.`, retryAfter: OTP_RESEND_COOLDOWN_SECONDS };
}
