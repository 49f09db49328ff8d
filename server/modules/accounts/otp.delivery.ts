import { OTP_TTL_SECONDS } from '../../../contracts/accounts.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/language.js';
import type { Ctx } from '../../lib/context.js';
import { clearSent, type IssuedCode, type OtpChannel, type OtpPurpose } from './otp.service.js';

const PRODUCT = 'Rupee Arcade';
const MINUTES = OTP_TTL_SECONDS / 60;

type Words = {
  /** What the code is for, in an e-mail; `contact` names the channel the code goes to. */
  what: Record<Exclude<OtpPurpose, 'contact'>, string> & { contact: Record<OtpChannel, string> };
  ignore: Record<OtpPurpose, string>;
  /** The whole SMS per purpose: one SMS, in Hindi at most 70 characters (a UCS-2 segment), and it says not to share the code. */
  sms: Record<OtpPurpose, string>;
  subject: string;
  text: string;
};

/** The most characters one SMS holds in Devanagari (UCS-2); a longer text is sent, and paid for, as two. */
export const UCS2_SMS_LENGTH = 70;

/** The code's message in each language the site speaks ({what}, {code}, {minutes} and {ignore} filled in). */
const WORDS: Record<Language, Words> = {
  en: {
    what: {
      verify: 'verification code',
      reset: 'password reset code',
      contact: { email: 'code to confirm this e-mail address', sms: 'code to confirm this phone number' },
    },
    ignore: {
      verify: 'If you did not sign up, ignore this e-mail.',
      reset: 'If you did not ask to reset your password, ignore this e-mail: your password stays as it is.',
      contact: 'If you did not ask for this address to be used on your account, ignore this e-mail: nothing changes without the code.',
    },
    sms: {
      verify: `{code} is your ${PRODUCT} verification code. It expires in {minutes} minutes. Do not share it.`,
      reset: `{code} is your ${PRODUCT} password reset code. It expires in {minutes} minutes. Do not share it.`,
      contact: `{code} is your ${PRODUCT} code to confirm this phone number. It expires in {minutes} minutes. Do not share it.`,
    },
    subject: `Your ${PRODUCT} {what}: {code}`,
    text: `Your ${PRODUCT} {what} is {code}.\n\nIt expires in {minutes} minutes. {ignore}\n`,
  },
  hi: {
    what: {
      verify: 'वेरिफ़िकेशन कोड',
      reset: 'पासवर्ड रीसेट करने का कोड',
      contact: { email: 'ई-मेल पता वेरिफ़ाई करने का कोड', sms: 'इस फ़ोन नंबर को वेरिफ़ाई करने का कोड' },
    },
    ignore: {
      verify: 'अगर आपने रजिस्टर नहीं किया है, तो इस ई-मेल को अनदेखा करें।',
      reset: 'अगर आपने पासवर्ड रीसेट करने के लिए नहीं कहा है, तो इस ई-मेल को अनदेखा करें: आपका पासवर्ड वही रहेगा।',
      contact: 'अगर आपने अपने खाते में यह ई-मेल पता जोड़ने के लिए नहीं कहा है, तो इस ई-मेल को अनदेखा करें: कोड के बिना कुछ नहीं बदलेगा।',
    },
    sms: {
      verify: `{code} ${PRODUCT} का OTP है। {minutes} मिनट तक मान्य। किसी को न बताएं।`,
      reset: `{code} ${PRODUCT} पासवर्ड रीसेट OTP, {minutes} मिनट तक। किसी को न बताएं।`,
      contact: `{code} ${PRODUCT} नए नंबर का OTP। {minutes} मिनट तक मान्य। किसी को न बताएं।`,
    },
    subject: `आपका ${PRODUCT} {what}: {code}`,
    text: `आपका ${PRODUCT} {what} {code} है।\n\nयह {minutes} मिनट तक मान्य है। किसी को न बताएं। {ignore}\n`,
  },
};

const fill = (template: string, values: Record<string, string | number>) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

/** A code's message for one channel: an SMS is its text alone (its subject is for the log), an e-mail has both. */
export function compose(purpose: OtpPurpose, channel: OtpChannel, code: string, language: Language): { subject: string; text: string } {
  const words = WORDS[language];
  const what = purpose === 'contact' ? words.what.contact[channel] : words.what[purpose];
  const values = { code, what, minutes: MINUTES, ignore: words.ignore[purpose] };
  if (channel === 'sms') return { subject: what, text: fill(words.sms[purpose], values) };
  return { subject: fill(words.subject, values), text: fill(words.text, values) };
}

/**
 * Sends each issued code to its channel. A failed delivery is logged and lifts the resend
 * cooldown; the answer lists the channels that failed so the caller can say so.
 */
export async function deliverCodes(
  ctx: Pick<Ctx, 'db' | 'messenger' | 'log'>,
  target: { userId: string; email: string; phoneNumber: string; language?: Language },
  purpose: OtpPurpose,
  codes: IssuedCode[],
): Promise<OtpChannel[]> {
  const results = await Promise.all(
    codes.map(async ({ channel, code }) => {
      const to = channel === 'email' ? target.email : target.phoneNumber;
      try {
        await ctx.messenger.send({ channel, to, code, ...compose(purpose, channel, code, target.language ?? DEFAULT_LANGUAGE) });
        return null;
      } catch (err) {
        ctx.log.warn({ err, channel, userId: target.userId }, `could not send the ${purpose} code`);
        await clearSent(ctx.db, target.userId, purpose, channel);
        return channel;
      }
    }),
  );
  return results.filter((c): c is OtpChannel => c !== null);
}

/** "email", "SMS" or "email and SMS", for messages. */
export const channelWords = (channels: OtpChannel[]) => channels.map((c) => (c === 'sms' ? 'SMS' : 'email')).join(' and ');
