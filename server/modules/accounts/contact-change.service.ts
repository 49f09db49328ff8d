import type { z } from 'zod';
import type { confirmContactSchema } from '../../../contracts/backoffice.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import type { AuthUser } from '../../types.js';
import { findUserByEmail, findUserByPhone, type UserRow } from './accounts.repo.js';
import { lockUserRow } from './backoffice.repo.js';
import { deliverCodes } from './otp.delivery.js';
import { consumeCodes, cooldownRemaining, issueCodes, type IssuedCode, type OtpChannel } from './otp.service.js';
import { attemptSucceeded, countAttempt, takeAttempt } from './throttle.service.js';

// An admin's own change of e-mail or phone: a code to the new address confirms it, the old
// address is told, and the admin's other sessions end. Whoever holds a stolen session cannot move
// the account's contact (and with it the password reset) to an address of their own unseen.

export interface ContactTarget {
  userId: string;
  email: string;
  phoneNumber: string;
}
export interface ContactChange {
  before: UserRow;
  after: UserRow;
}

/** The new e-mail or phone must not belong to another account. */
export async function assertFree(tx: DbOrTx, userId: string, email?: string, phoneNumber?: string): Promise<void> {
  const byEmail = email ? await findUserByEmail(tx, email) : undefined;
  if (byEmail && byEmail.id !== userId) throw conflict('An account with this email already exists.', 'EMAIL_TAKEN');
  const byPhone = phoneNumber ? await findUserByPhone(tx, phoneNumber) : undefined;
  if (byPhone && byPhone.id !== userId) throw conflict('An account with this phone number already exists.', 'PHONE_TAKEN');
}

const waitingChannels = (row: UserRow): OtpChannel[] => [...(row.pendingEmail ? ['email' as const] : []), ...(row.pendingPhone ? ['sms' as const] : [])];

/**
 * A code for each new address the row waits for, inside the change's transaction (which holds the
 * admin's row). Like any code, not again within the resend cooldown of the last one to that
 * channel; and each counts against the admin (the per-account limits' `contact`), so nobody mails
 * address after address. Refused with 429 and Retry-After.
 */
export async function issueContactCodes(ctx: Pick<Ctx, 'config' | 'now'>, tx: DbOrTx, row: UserRow): Promise<{ target: ContactTarget; issued: IssuedCode[] }> {
  const { now } = ctx;
  const channels = waitingChannels(row);
  let wait = 0;
  for (const channel of channels) wait = Math.max(wait, await cooldownRemaining(tx, row.id, 'contact', [channel], now));
  if (wait > 0) {
    throw new AppError('OTP_COOLDOWN', 429, `A code was sent to a new address a moment ago. Please wait ${wait} seconds before asking for another.`, {
      data: { retryAfter: wait },
    });
  }
  await countAttempt(tx, 'contact', row.id, now);
  const issued = await issueCodes(tx, ctx.config.keys.otp, row.id, 'contact', channels, now);
  return { target: { userId: row.id, email: row.pendingEmail ?? row.email, phoneNumber: row.pendingPhone ?? row.phoneNumber }, issued };
}

/** Sends the codes to the new addresses (a failure is logged; editing again sends new ones). */
export async function deliverContactCodes(ctx: Pick<Ctx, 'db' | 'messenger' | 'log'>, target: ContactTarget, issued: IssuedCode[]): Promise<void> {
  await deliverCodes(ctx, target, 'contact', issued);
}

/**
 * Checks the caller's codes against their waiting change and, when every one matches, lets
 * `apply` make it in the same transaction. A wrong code counts against the account like any code.
 */
export async function confirmContact(
  ctx: RequestCtx<AuthUser>,
  input: z.infer<typeof confirmContactSchema>,
  apply: (tx: Tx, row: UserRow) => Promise<UserRow>,
): Promise<ContactChange> {
  const { db, config, now, user: actor } = ctx;
  const subject = `contact:${actor.id}`;
  await takeAttempt(db, 'verify', subject, now);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockUserRow(tx, actor.id);
    if (!row || (!row.pendingEmail && !row.pendingPhone)) {
      throw badRequest('There is no change of e-mail or phone waiting for a code.', 'NO_PENDING_CONTACT');
    }
    const given: Partial<Record<OtpChannel, string>> = {};
    if (row.pendingEmail) {
      if (!input.emailOTP) throw badRequest('emailOTP: Please enter the 6-digit code sent to your new e-mail', 'VALIDATION_ERROR');
      given.email = input.emailOTP;
    }
    if (row.pendingPhone) {
      if (!input.smsOTP) throw badRequest('smsOTP: Please enter the 6-digit code sent to your new phone', 'VALIDATION_ERROR');
      given.sms = input.smsOTP;
    }
    const checked = await consumeCodes(tx, config.keys.otp, row.id, 'contact', given, now);
    // A wrong code returns (not throws) so that its spent attempt is committed.
    if (!checked.ok) return { checked };
    return { checked, change: { before: row, after: await apply(tx, row) } };
  });
  if (!outcome.change) {
    const failed = outcome.checked as { message: string; code: 'OTP_INVALID' | 'OTP_EXHAUSTED' };
    throw badRequest(failed.message, failed.code);
  }
  await attemptSucceeded(db, 'verify', subject, now);
  return outcome.change;
}

/** Tells the old e-mail and phone that they no longer reach the account. */
export function announceContactChange(ctx: Pick<Ctx, 'background' | 'messenger'>, { before, after }: ContactChange): void {
  const notices: { channel: OtpChannel; to: string; subject: string; text: string }[] = [];
  const tail = 'If you did not do this, tell another admin at once: they can close the account.';
  if (before.email.toLowerCase() !== after.email.toLowerCase()) {
    notices.push({
      channel: 'email',
      to: before.email,
      subject: 'Your Rupee Arcade e-mail was changed',
      text: `The e-mail of your Rupee Arcade account was changed from ${before.email} to ${after.email}. This address no longer receives its codes.\n\n${tail}\n`,
    });
  }
  if (before.phoneNumber !== after.phoneNumber) {
    notices.push({
      channel: 'sms',
      to: before.phoneNumber,
      subject: 'Phone changed',
      text: `The phone of your Rupee Arcade account was changed to ${after.phoneNumber}. ${tail}`,
    });
  }
  for (const notice of notices) ctx.background.run('contact change notice', () => ctx.messenger.send(notice));
}
