import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { MESSAGES, normalizeLoginPhone, type changePasswordSchema, type loginSchema } from '../../../contracts/accounts.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomToken, sha256, signAccessToken } from '../../lib/tokens.js';
import * as users from './accounts.repo.js';
import * as tokens from './session.repo.js';

type LoginInput = z.output<typeof loginSchema>;
type ChangePasswordInput = z.output<typeof changePasswordSchema>;
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
// Compared against when no account matches, so an unknown e-mail takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Finds an account by e-mail, or by phone ("+91…" or bare digits, India assumed). */
export async function findByIdentifier(db: DbOrTx, id: { email?: string; phoneNumber?: string }): Promise<users.UserRow | undefined> {
  if (id.email) return users.findUserByEmail(db, id.email);
  const phone = id.phoneNumber ? normalizeLoginPhone(id.phoneNumber) : null;
  return phone ? users.findUserByPhone(db, phone) : undefined;
}

export const accessTokenFor = (config: Config, user: Pick<users.UserRow, 'id' | 'role' | 'tokenVersion'>) =>
  signAccessToken(config.jwtAccessSecret, { sub: user.id, role: user.role, tv: user.tokenVersion }, config.ACCESS_TOKEN_TTL_SECONDS);

/** A new sign-in: an access token and the first refresh token of a new family. */
async function startSession(db: DbOrTx, config: Config, user: users.UserRow): Promise<SessionTokens> {
  const refreshToken = randomToken();
  await tokens.insertRefreshToken(db, { userId: user.id, familyId: randomUUID(), tokenHash: sha256(refreshToken), ttlDays: config.REFRESH_TOKEN_TTL_DAYS });
  return { accessToken: await accessTokenFor(config, user), refreshToken };
}

export async function login(db: Db, config: Config, input: LoginInput) {
  const user = await findByIdentifier(db, input);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyPassword(await (decoyHash ??= hashPassword(randomToken())), input.password);
  if (!user || !passwordOk || !user.verifiedAt) throw unauthorized(MESSAGES.loginFailed, 'INVALID_CREDENTIALS');
  return { user, ...(await startSession(db, config, user)) };
}

/**
 * Trades a refresh token for a new pair. Each token works once: a retired token presented again
 * was copied (or replayed), so every token of its family is revoked and the caller must sign in.
 */
export async function refresh(db: Db, config: Config, presented: string | undefined) {
  if (!presented) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  const row = await tokens.findRefreshToken(db, sha256(presented));
  if (!row || row.revokedAt || row.expired) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  const reused = () => tokens.revokeFamily(db, row.familyId).then(() => unauthorized('This session was used elsewhere and has been closed. Please sign in again.', 'TOKEN_REUSED'));
  if (row.rotatedAt) throw await reused();
  const user = await users.findUserById(db, row.userId);
  if (!user || !user.verifiedAt) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');

  const next = randomToken();
  const rotated = await db.transaction(async (tx) => {
    if (!(await tokens.retireRefreshToken(tx, row.id))) return false;
    await tokens.insertRefreshToken(tx, { userId: user.id, familyId: row.familyId, tokenHash: sha256(next), ttlDays: config.REFRESH_TOKEN_TTL_DAYS });
    return true;
  });
  if (!rotated) throw await reused();
  return { user, accessToken: await accessTokenFor(config, user), refreshToken: next };
}

/** Ends the session the refresh token belongs to. */
export async function logout(db: Db, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const row = await tokens.findRefreshToken(db, sha256(presented));
  if (row) await tokens.revokeFamily(db, row.familyId);
}

/**
 * Changes the password and signs out every other session. Raising the token version voids every
 * access token already issued, this caller's too, so a stolen one stops working at once; the
 * caller's refresh-token family stays alive, and their client refreshes on the next 401.
 */
export async function changePassword(db: Db, userId: string, input: ChangePasswordInput, presented: string | undefined): Promise<void> {
  const user = await users.findUserById(db, userId);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest(MESSAGES.oldPasswordWrong, 'OLD_PASSWORD_WRONG');
  if (input.oldPassword === input.newPassword) throw badRequest('New password must be different from the old one.', 'SAME_PASSWORD');
  const passwordHash = await hashPassword(input.newPassword);
  const current = presented ? await tokens.findRefreshToken(db, sha256(presented)) : undefined;
  const keepFamily = current && current.userId === user.id ? current.familyId : undefined;
  await db.transaction(async (tx) => {
    await users.setPasswordHash(tx, user.id, passwordHash);
    await tokens.revokeAllForUser(tx, user.id, keepFamily);
  });
}
