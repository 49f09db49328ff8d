import type { RequestCtx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { assertSelf } from '../../lib/ownership.js';
import type { AuthUser } from '../../types.js';
import { balanceOf } from '../ledger/index.js';
import { findUserById, setLanguage } from './accounts.repo.js';
import type { Language } from '../../../contracts/language.js';

/** A player's balance in paise: their own, or any player's for an admin with the Transaction page. */
export async function balanceOfPlayer(ctx: RequestCtx<AuthUser>, { userId }: { userId: string }): Promise<number> {
  assertSelf(ctx.user, userId, 'transaction');
  if (userId !== ctx.user.id && !(await findUserById(ctx.db, userId))) throw notFound('Player not found.');
  return balanceOf(ctx.db, userId);
}

/** The caller's own referral code (the path may only name the caller). */
export async function referralCode(ctx: RequestCtx<AuthUser>, { userId }: { userId: string }): Promise<string> {
  assertSelf(ctx.user, userId);
  const user = await findUserById(ctx.db, ctx.user.id);
  if (!user) throw notFound('Player not found.');
  return user.referralCode;
}

/** The caller's language, kept for every device they sign in on and for the codes sent to them. */
export async function saveLanguage(ctx: RequestCtx<AuthUser>, { language }: { language: Language }): Promise<Language> {
  await setLanguage(ctx.db, ctx.user.id, language, ctx.now);
  return language;
}
