import type { z } from 'zod';
import { MESSAGES, type requestResetSchema, type resetPasswordSchema } from '../../../contracts/accounts.js';
import { badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Config } from '../../config.js';
import type { Ctx } from '../../lib/context.js';
import * as users from './accounts.repo.js';
import { deliverCodes } from './otp.delivery.js';
import { consumeCodes, cooldownRemaining, issueCodes, type OtpChannel } from './otp.service.js';
import { revokeAllForUser } from './session.repo.js';
import { findByIdentifier } from './session.service.js';
import { attemptSucceeded, takeAttempt } from './throttle.service.js';
import { secondFactorForReset } from './two-factor.service.js';

type RequestInput = z.output<typeof requestResetSchema>;
type ResetInput = z.output<typeof resetPasswordSchema>;

/** The code goes where the person pointed: e-mail or SMS, unless the deployment does not send that channel. */
function channelFor(config: Config, input: { email?: string }): OtpChannel {
  const wanted: OtpChannel = input.email ? 'email' : 'sms';
  return config.OTP_CHANNELS.includes(wanted) ? wanted : config.OTP_CHANNELS[0];
}

/**
 * Sends a reset code when a verified account matches. The answer is the same either way, so
 * nobody can learn which e-mails or phones have accounts; within the cooldown nothing is re-sent.
 * The code is delivered in the background: waiting for a mail or SMS server would make the
 * answer for an existing account measurably slower than for an unknown one.
 */
export async function requestReset(ctx: Ctx, input: RequestInput): Promise<void> {
  const { db, config, now } = ctx;
  const user = await findByIdentifier(db, input);
  if (!user || !user.verifiedAt) return;
  const channel = channelFor(config, input);
  const codes = await db.transaction(async (tx) => {
    await users.lockUser(tx, user.id);
    if ((await cooldownRemaining(tx, user.id, 'reset', [channel], now)) > 0) return [];
    return issueCodes(tx, config.keys.otp, user.id, 'reset', [channel], now);
  });
  if (!codes.length) return;
  const target = { userId: user.id, email: user.email, phoneNumber: user.phoneNumber, language: user.language };
  ctx.background.run('password reset code delivery', () => deliverCodes(ctx, target, 'reset', codes));
}

/** Sets a new password with a reset code, voiding every access token and every session. */
export async function resetPassword(ctx: Ctx, input: ResetInput): Promise<void> {
  const { db, config, now } = ctx;
  const user = await findByIdentifier(db, input);
  if (!user || !user.verifiedAt) throw badRequest(MESSAGES.invalidCode, 'OTP_INVALID');
  await takeAttempt(db, 'reset', user.id, now);
  const passwordHash = await hashPassword(input.newPassword);
  const result = await db.transaction(async (tx) => {
    const checked = await consumeCodes(tx, config.keys.otp, user.id, 'reset', { [channelFor(config, input)]: input.otp }, now);
    if (checked.ok) {
      // An admin's reset also needs their second factor; a refusal rolls the whole reset back.
      await secondFactorForReset(tx, config, user, input.twoFactorCode, now);
      await users.setPasswordHash(tx, user.id, passwordHash, now);
      await revokeAllForUser(tx, user.id, now);
    }
    return checked;
  });
  if (!result.ok) throw badRequest(result.message, result.code);
  await attemptSucceeded(db, 'reset', user.id, now);
}
