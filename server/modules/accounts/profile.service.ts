import type { DbOrTx } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { assertSelf } from '../../lib/ownership.js';
import type { AuthUser } from '../../types.js';
import { balanceOf } from '../ledger/index.js';
import { findUserById, setLanguage } from './accounts.repo.js';
import type { Language } from '../../../contracts/language.js';

/** A player's balance in paise: their own, or any player's for an admin with the Transaction page. */
export async function balanceOfPlayer(db: DbOrTx, caller: AuthUser, userId: string): Promise<number> {
  assertSelf(caller, userId, 'transaction');
  if (userId !== caller.id && !(await findUserById(db, userId))) throw notFound('Player not found.');
  return balanceOf(db, userId);
}

/** The caller's own referral code (the path may only name the caller). */
export async function referralCode(db: DbOrTx, caller: AuthUser, userId: string): Promise<string> {
  assertSelf(caller, userId);
  const user = await findUserById(db, caller.id);
  if (!user) throw notFound('Player not found.');
  return user.referralCode;
}

/** The caller's language, kept for every device they sign in on and for the codes sent to them. */
export async function saveLanguage(db: DbOrTx, caller: AuthUser, language: Language, now: Date): Promise<Language> {
  await setLanguage(db, caller.id, language, now);
  return language;
}
