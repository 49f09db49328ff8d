import { randomInt } from 'node:crypto';
import { ACCESS_PAGES } from '../../../contracts/roles.js';
import { hashPassword } from '../../lib/passwords.js';
import type { Ctx } from '../../lib/context.js';
import { ensureWallet } from '../ledger/index.js';
import * as users from './accounts.repo.js';
import { newReferralCode } from './accounts.service.js';
import { lockFirstAdmin } from './first-admin.repo.js';

export type FirstAdminResult = { created: false; reason: 'exists' | 'taken' } | { created: true; id: string; email: string; generatedPassword?: string };

/** A password meeting the registration rules: 16 random characters from every class. */
export function generatePassword(): string {
  const classes = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '#@%&*+=?'];
  const pick = (set: string) => set[randomInt(set.length)];
  const chars = [...classes.map(pick), ...Array.from({ length: 12 }, () => pick(classes.join('')))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

/**
 * At first start there is no admin: create one from ADMIN_EMAIL / ADMIN_PHONE / ADMIN_PASSWORD,
 * verified and holding every access page. Without ADMIN_PASSWORD a password is generated and shown
 * once on the console (not in the JSON log, which may be shipped elsewhere). Later starts do nothing.
 */
export async function ensureFirstAdmin(ctx: Pick<Ctx, 'db' | 'config' | 'log' | 'now'>): Promise<FirstAdminResult> {
  const { ADMIN_EMAIL, ADMIN_PHONE, ADMIN_PASSWORD } = ctx.config;
  const email = ADMIN_EMAIL.trim().toLowerCase();
  const generatedPassword = ADMIN_PASSWORD ? undefined : generatePassword();
  const password = ADMIN_PASSWORD ?? generatedPassword!;
  let passwordHash: string | undefined;

  const result = await ctx.db.transaction(async (tx): Promise<FirstAdminResult> => {
    await lockFirstAdmin(tx);
    if (await users.anyAdminExists(tx)) return { created: false, reason: 'exists' };
    // A player already holding the e-mail or phone is not promoted behind anyone's back.
    if ((await users.findUserByEmail(tx, email)) || (await users.findUserByPhone(tx, ADMIN_PHONE))) return { created: false, reason: 'taken' };
    passwordHash ??= await hashPassword(password);
    const admin = await users.insertUser(tx, {
      fullName: 'Administrator',
      email,
      phoneNumber: ADMIN_PHONE,
      passwordHash,
      referralCode: await newReferralCode(tx),
      role: 'admin',
      accessPages: [...ACCESS_PAGES],
      verifiedAt: ctx.now,
    });
    await ensureWallet(tx, admin.id);
    return { created: true, id: admin.id, email, generatedPassword };
  });

  if (!result.created) {
    if (result.reason === 'taken') {
      ctx.log.warn(
        { email, phone: ADMIN_PHONE },
        'no admin exists, and ADMIN_EMAIL or ADMIN_PHONE already belongs to a player: set other values to create the first admin',
      );
    }
    return result;
  }
  ctx.log.info({ email }, 'first admin created');
  if (result.generatedPassword) printOnce(email, result.generatedPassword);
  return result;
}

function printOnce(email: string, password: string): void {
  const lines = [
    'First admin account created',
    '',
    `E-mail:   ${email}`,
    `Password: ${password}`,
    '',
    'This password is shown only once. Sign in and change it.',
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '═'.repeat(width + 2);
  console.log([`╔${bar}╗`, ...lines.map((l) => `║ ${l.padEnd(width)} ║`), `╚${bar}╝`].join('\n'));
}
