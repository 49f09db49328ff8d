import type { FastifyBaseLogger } from 'fastify';
import { OTP_TTL_SECONDS } from '../../../contracts/accounts.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/language.js';
import type { DbOrTx } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';
import { clearSent, type IssuedCode, type OtpChannel, type OtpPurpose } from './otp.service.js';

const PRODUCT = 'Rupee Arcade';
const MINUTES = OTP_TTL_SECONDS / 60;

type Words = { what: Record<OtpPurpose, string>; ignore: Record<OtpPurpose, string>; sms: string; subject: string; text: string };

/** The code's message in each language the site speaks ({what}, {code}, {minutes} and {ignore} filled in). */
const WORDS: Record<Language, Words> = {
  en: {
    what: { verify: 'verification code', reset: 'password reset code', contact: 'code to confirm this address' },
    ignore: {
      verify: 'If you did not sign up, ignore this e-mail.',
      reset: 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
      contact: 'If you did not ask for this address to be used on your account, ignore this e-mail: nothing changes without the code.',
    },
    sms: `{code} is your ${PRODUCT} {what}. It expires in {minutes} minutes.`,
    subject: `Your ${PRODUCT} {what}: {code}`,
    text: `Your ${PRODUCT} {what} is {code}.\n\nIt expires in {minutes} minutes. {ignore}\n`,
  },
  hi: {
    what: { verify: 'सत्यापन कोड', reset: 'पासवर्ड बदलने का कोड', contact: 'इस पते की पुष्टि का कोड' },
    ignore: {
      verify: 'अगर आपने साइन अप नहीं किया है, तो इस ई-मेल को अनदेखा करें।',
      reset: 'अगर आपने पासवर्ड बदलने के लिए नहीं कहा है, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।',
      contact: 'अगर आपने अपने खाते पर यह पता जोड़ने के लिए नहीं कहा है, तो इस ई-मेल को अनदेखा करें: कोड के बिना कुछ नहीं बदलेगा।',
    },
    sms: `{code} आपका ${PRODUCT} {what} है। यह {minutes} मिनट में समाप्त हो जाएगा।`,
    subject: `आपका ${PRODUCT} {what}: {code}`,
    text: `आपका ${PRODUCT} {what} {code} है।\n\nयह {minutes} मिनट में समाप्त हो जाएगा। {ignore}\n`,
  },
};

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

function compose(purpose: OtpPurpose, channel: OtpChannel, code: string, language: Language): { subject: string; text: string } {
  const words = WORDS[language];
  const values = { code, what: words.what[purpose], minutes: MINUTES, ignore: words.ignore[purpose] };
  if (channel === 'sms') return { subject: words.what[purpose], text: fill(words.sms, values) };
  return { subject: fill(words.subject, values), text: fill(words.text, values) };
}

/**
 * Sends each issued code to its channel. A failed delivery is logged and lifts the resend
 * cooldown; the answer lists the channels that failed so the caller can say so.
 */
export async function deliverCodes(
  deps: { db: DbOrTx; messenger: Messenger; log: FastifyBaseLogger },
  target: { userId: string; email: string; phoneNumber: string; language?: Language },
  purpose: OtpPurpose,
  codes: IssuedCode[],
): Promise<OtpChannel[]> {
  const results = await Promise.all(
    codes.map(async ({ channel, code }) => {
      const to = channel === 'email' ? target.email : target.phoneNumber;
      try {
        await deps.messenger.send({ channel, to, code, ...compose(purpose, channel, code, target.language ?? DEFAULT_LANGUAGE) });
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
