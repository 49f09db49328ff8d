import type { FastifyBaseLogger } from 'fastify';
import { OTP_TTL_SECONDS } from '../../../contracts/accounts.js';
import type { DbOrTx } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';
import { clearSent, type IssuedCode, type OtpChannel, type OtpPurpose } from './otp.service.js';

const PRODUCT = 'Rupee Arcade';
const MINUTES = OTP_TTL_SECONDS / 60;

function compose(purpose: OtpPurpose, channel: OtpChannel, code: string): { subject: string; text: string } {
  const what = { verify: 'verification code', reset: 'password reset code', contact: 'code to confirm this address' }[purpose];
  if (channel === 'sms') return { subject: what, text: `${code} is your ${PRODUCT} ${what}. It expires in ${MINUTES} minutes.` };
  const ignore = {
    verify: 'If you did not sign up, ignore this e-mail.',
    reset: 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
    contact: 'If you did not ask for this address to be used on your account, ignore this e-mail: nothing changes without the code.',
  }[purpose];
  return {
    subject: `Your ${PRODUCT} ${what}: ${code}`,
    text: `Your ${PRODUCT} ${what} is ${code}.\n\nIt expires in ${MINUTES} minutes. ${ignore}\n`,
  };
}

/**
 * Sends each issued code to its channel. A failed delivery is logged and lifts the resend
 * cooldown; the answer lists the channels that failed so the caller can say so.
 */
export async function deliverCodes(
  deps: { db: DbOrTx; messenger: Messenger; log: FastifyBaseLogger },
  target: { userId: string; email: string; phoneNumber: string },
  purpose: OtpPurpose,
  codes: IssuedCode[],
): Promise<OtpChannel[]> {
  const results = await Promise.all(
    codes.map(async ({ channel, code }) => {
      const to = channel === 'email' ? target.email : target.phoneNumber;
      try {
        await deps.messenger.send({ channel, to, code, ...compose(purpose, channel, code) });
        return null;
      } catch (err) {
        deps.log.warn({ err, channel, userId: target.userId }, `could not send the ${purpose} code`);
        await clearSent(deps.db, target.userId, purpose, channel);
        return channel;
      }
    }),
  );
  return results.filter((c): c is OtpChannel => c !== null);
}

/** "email", "SMS" or "email and SMS", for messages. */
export const channelWords = (channels: OtpChannel[]) => channels.map((c) => (c === 'sms' ? 'SMS' : 'email')).join(' and ');
