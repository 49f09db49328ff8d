import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/language.js';
import { formatIst } from '../../lib/india-time.js';
import type { Ctx } from '../../lib/context.js';
import type { UserRow } from './accounts.repo.js';

// A player whose password, e-mail or phone an admin set is told at once, in their language, at the
// addresses the account had before the change (an insider who moved the contact to an address of
// their own is not the only one told), and at the new ones.

const PRODUCT = 'Rupee Arcade';

type Changed = 'password' | 'email' | 'phone';

interface Words {
  what: Record<Changed, string>;
  /** Put before the last of two or more changed things; the others are joined with commas. */
  and: string;
  subject: string;
  text: string;
  held: string;
  sms: string;
}

const WORDS: Record<Language, Words> = {
  en: {
    what: { password: 'password', email: 'e-mail', phone: 'phone number' },
    and: ' and ',
    subject: `Your ${PRODUCT} {what} was changed by our team`,
    text: `Our support team changed the {what} of your ${PRODUCT} account on {when} (India time).{held}\n\nIf you did not ask for this, contact support at once.\n`,
    held: ' To keep your money safe, withdrawals are paused until {until}.',
    sms: `${PRODUCT}: our team changed your {what}. Not you? Contact support now.`,
  },
  hi: {
    what: { password: 'पासवर्ड', email: 'ई-मेल', phone: 'फ़ोन नंबर' },
    and: ' और ',
    subject: `हमारी टीम ने आपके ${PRODUCT} खाते का {what} बदला है`,
    text: `हमारी सहायता टीम ने {when} (भारतीय समय) को आपके ${PRODUCT} खाते का {what} बदला है।{held}\n\nअगर आपने इसके लिए नहीं कहा था, तो तुरंत सहायता से संपर्क करें।\n`,
    held: ' आपका पैसा सुरक्षित रखने के लिए {until} तक निकासी रुकी रहेगी।',
    sms: `${PRODUCT}: टीम ने आपका {what} बदला। आपने नहीं कहा? सहायता से बात करें।`,
  },
};

/** "password", "password and e-mail", "password, e-mail and phone number". */
const list = (items: string[], and: string) => (items.length > 1 ? `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}` : (items[0] ?? ''));

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '');

/** The e-mail and SMS that tell a player what an admin changed, and until when withdrawals wait. */
export function adminChangeNotices(before: UserRow, after: UserRow, changed: Changed[], at: Date, heldUntil: Date | null) {
  const words = WORDS[(after.language as Language) ?? DEFAULT_LANGUAGE] ?? WORDS[DEFAULT_LANGUAGE];
  const what = list(
    changed.map((c) => words.what[c]),
    words.and,
  );
  const held = heldUntil ? fill(words.held, { until: formatIst(heldUntil) }) : '';
  const subject = fill(words.subject, { what });
  const text = fill(words.text, { what, when: formatIst(at), held });
  const sms = fill(words.sms, { what });
  const emails = [...new Set([before.email, after.email].map((e) => e.toLowerCase()))];
  const phones = [...new Set([before.phoneNumber, after.phoneNumber])];
  return [
    ...emails.map((to) => ({ channel: 'email' as const, to, subject, text })),
    ...phones.map((to) => ({ channel: 'sms' as const, to, subject, text: sms })),
  ];
}

/** Sends those notices after the change is committed; a failed delivery is logged, not retried. */
export function announceAdminChange(ctx: Pick<Ctx, 'background' | 'messenger'>, ...args: Parameters<typeof adminChangeNotices>): void {
  for (const notice of adminChangeNotices(...args)) ctx.background.run('admin change notice', () => ctx.messenger.send(notice));
}
