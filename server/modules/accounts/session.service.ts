import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { MESSAGES, normalizeLoginPhone, type changePasswordSchema, type loginSchema } from '../../../contracts/accounts.js';
import type { AccessPage } from '../../../contracts/roles.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../../types.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { randomToken, sha256, signAccessToken } from '../../lib/tokens.js';
import * as users from './accounts.repo.js';
import * as tokens from './session.repo.js';
import { checkAttempt } from './throttle.service.js';
import { needsSecondFactor, secondFactorChallenge, verifySecondFactor, type SecondFactor } from './two-factor.service.js';

export const ACCOUNT_BLOCKED = 'This account is blocked. Please contact support.';

type LoginInput = z.output<typeof loginSchema>;
type ChangePasswordInput = z.output<typeof changePasswordSchema>;
export interface SessionTokens {
  accessToken: string;
  /** Absent when the browser already holds the current one (a refresh inside the grace window). */
  refreshToken?: string;
}

/**
 * Two tabs of one browser may present the same refresh token at once. The one that comes second
 * within this many seconds of the rotation gets a fresh access token for the same session (the
 * first answer already set the new refresh cookie); later, the same token means it was copied.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

const SESSION_ENDED = 'Your session has ended. Please sign in again.';
// Compared against when no account matches, so an unknown e-mail takes as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/** Finds an account by e-mail, or by phone ("+91…" or bare digits, India assumed). */
export async function findByIdentifier(db: DbOrTx, id: { email?: string; phoneNumber?: string }): Promise<users.UserRow | undefined> {
  if (id.email) return users.findUserByEmail(db, id.email);
  const phone = id.phoneNumber ? normalizeLoginPhone(id.phoneNumber) : null;
  return phone ? users.findUserByPhone(db, phone) : undefined;
}

export const accessTokenFor = (config: Config, user: Pick<users.UserRow, 'id' | 'role' | 'tokenVersion'>, sessionId: string) =>
  signAccessToken(config.keys.accessToken, { sub: user.id, role: user.role, tv: user.tokenVersion, sid: sessionId }, config.ACCESS_TOKEN_TTL_SECONDS);

/**
 * A new sign-in: an access token and the first refresh token of a new family (the session).
 * `secondFactor`: it was begun with an admin's second factor, which ADMIN_2FA requires of every
 * admin session (an admin session begun without it ends when ADMIN_2FA is turned on).
 */
export async function startSession(
  db: DbOrTx,
  config: Config,
  user: Pick<users.UserRow, 'id' | 'role' | 'tokenVersion'>,
  now: Date,
  secondFactor = false,
): Promise<Required<SessionTokens>> {
  const refreshToken = randomToken();
  const familyId = randomUUID();
  await tokens.insertRefreshToken(db, {
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    ttlDays: config.REFRESH_TOKEN_TTL_DAYS,
    secondFactor,
    now,
  });
  return { accessToken: await accessTokenFor(config, user, familyId), refreshToken };
}

/**
 * The second sign-in step of an admin (ADMIN_2FA): the app's code or a recovery code, then a
 * session begun with the second factor; the recovery codes only right after set-up.
 */
export async function secondFactorSignIn(
  ctx: Ctx,
  input: { challenge: string; code: string },
): Promise<{ user: users.UserRow; recoveryCodes?: string[] } & Required<SessionTokens>> {
  const { user, recoveryCodes } = await verifySecondFactor(ctx, input);
  return { user, recoveryCodes, ...(await startSession(ctx.db, ctx.config, user, ctx.now, true)) };
}

export type LoginResult = { user: users.UserRow; secondFactor: SecondFactor } | ({ user: users.UserRow; secondFactor?: undefined } & Required<SessionTokens>);

export async function login(ctx: Ctx, input: LoginInput): Promise<LoginResult> {
  const { db, config, now } = ctx;
  const user = await findByIdentifier(db, input);
  // Unknown identifiers are held back the same way, so the limit reveals nothing about accounts.
  const subject = user?.id ?? `unknown:${input.email ?? normalizeLoginPhone(input.phoneNumber ?? '') ?? input.phoneNumber}`;
  const decoy = await (decoyHash ??= hashPassword(randomToken()));
  const passed = await checkAttempt(db, 'login', subject, now, async () => {
    if (user) return (await verifyPassword(user.passwordHash, input.password)) && Boolean(user.verifiedAt);
    await verifyPassword(decoy, input.password); // as long as a wrong password; never a success
    return false;
  });
  if (!user || !passed) throw unauthorized(MESSAGES.loginFailed, 'INVALID_CREDENTIALS');
  // Said only to someone who knows the password: the block is no secret from its owner.
  if (user.blockedAt) throw forbidden(ACCOUNT_BLOCKED, 'ACCOUNT_BLOCKED');
  // An admin with ADMIN_2FA on gets no session yet: a challenge for the authenticator code.
  if (needsSecondFactor(config, user)) return { user, secondFactor: await secondFactorChallenge(config, user) };
  return { user, ...(await startSession(db, config, user, now)) };
}

/**
 * Trades a refresh token for a new pair. Each token works once: a retired token presented again
 * after the grace window was copied (or replayed), so every token of its family is revoked and
 * the caller must sign in. Inside the window it is the same browser's second tab.
 */
export async function refresh(ctx: Ctx, { presented }: { presented: string | undefined }): Promise<SessionTokens & { user: users.UserRow }> {
  const { db, config, now } = ctx;
  if (!presented) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  const row = await tokens.findRefreshToken(db, sha256(presented), now);
  if (!row || row.revokedAt || row.expired) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  const user = await users.findUserById(db, row.userId);
  if (!user || !user.verifiedAt || user.blockedAt) throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  if (!sessionMeetsFactor(config.adminTwoFactor, { role: user.role, secondFactor: row.secondFactor })) {
    await tokens.revokeFamily(db, row.familyId, now);
    throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  }
  const reused = () =>
    tokens
      .revokeFamily(db, row.familyId, now)
      .then(() => unauthorized('This session was used elsewhere and has been closed. Please sign in again.', 'TOKEN_REUSED'));
  const sameBrowser = async () => ({ user, accessToken: await accessTokenFor(config, user, row.familyId) });
  if (row.rotatedAt) {
    if ((row.rotatedSecondsAgo ?? Infinity) <= REFRESH_REUSE_GRACE_SECONDS) return sameBrowser();
    throw await reused();
  }

  const next = randomToken();
  const rotated = await db.transaction(async (tx) => {
    if (!(await tokens.retireRefreshToken(tx, row.id, now))) return false;
    await tokens.insertRefreshToken(tx, {
      userId: user.id,
      familyId: row.familyId,
      tokenHash: sha256(next),
      ttlDays: config.REFRESH_TOKEN_TTL_DAYS,
      secondFactor: row.secondFactor,
      now,
    });
    return true;
  });
  // Another request rotated it a moment ago: the grace window applies, unless it was revoked.
  if (!rotated) {
    const current = await tokens.findRefreshToken(db, row.tokenHash, now);
    if (current && !current.revokedAt) return sameBrowser();
    throw unauthorized(SESSION_ENDED, 'SESSION_ENDED');
  }
  return { user, accessToken: await accessTokenFor(config, user, row.familyId), refreshToken: next };
}

/**
 * Ends the session: the one the refresh cookie belongs to and the one the caller's access token
 * names. Every access token of a session is checked against it on each call, so they stop working now.
 */
export async function logout(ctx: RequestCtx, { presented }: { presented: string | undefined }): Promise<void> {
  const { db, now } = ctx;
  const accessSessionId = ctx.user?.sessionId;
  const row = presented ? await tokens.findRefreshToken(db, sha256(presented), now) : undefined;
  if (row) await tokens.revokeFamily(db, row.familyId, now);
  if (accessSessionId && accessSessionId !== row?.familyId) await tokens.revokeFamily(db, accessSessionId, now);
}

/** The signed-in person's own record. */
export async function currentUser(ctx: RequestCtx<AuthUser>): Promise<users.UserRow> {
  const user = await users.findUserById(ctx.db, ctx.user.id);
  if (!user) throw unauthorized();
  return user;
}

/** With ADMIN_2FA on, an admin's session holds only when it was begun with the second factor. */
const sessionMeetsFactor = (adminTwoFactor: boolean, s: { role: 'user' | 'admin'; secondFactor: boolean }) =>
  !adminTwoFactor || s.role !== 'admin' || s.secondFactor;

/**
 * The caller an access token names, when its session is still open and its claims still hold.
 * `adminTwoFactor` (config.adminTwoFactor): an admin's session must have been begun with the second factor.
 */
export async function sessionCaller(db: Db, claims: { sub: string; sid: string; tv: number }, adminTwoFactor: boolean, now: Date): Promise<AuthUser | null> {
  // A signed-out session, a changed password, a withdrawn verification or a block voids the token at once.
  const row = await tokens.findSessionUser(db, claims.sub, claims.sid, claims.tv, now);
  if (!row || !sessionMeetsFactor(adminTwoFactor, row)) return null;
  return { id: row.id, role: row.role, accessPages: row.accessPages as AccessPage[], tokenVersion: row.tokenVersion, sessionId: claims.sid };
}

/**
 * Changes the password and signs out every other session. Raising the token version voids every
 * access token already issued, this caller's too, so a stolen one stops working at once; the
 * caller's refresh-token family stays alive, and their client refreshes on the next 401.
 */
export async function changePassword(ctx: RequestCtx<AuthUser>, input: ChangePasswordInput & { presented: string | undefined }): Promise<void> {
  const { db, now } = ctx;
  const { presented } = input;
  const user = await users.findUserById(db, ctx.user.id);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) throw badRequest(MESSAGES.oldPasswordWrong, 'OLD_PASSWORD_WRONG');
  if (input.oldPassword === input.newPassword) throw badRequest('New password must be different from the old one.', 'SAME_PASSWORD');
  const passwordHash = await hashPassword(input.newPassword);
  const current = presented ? await tokens.findRefreshToken(db, sha256(presented), now) : undefined;
  const keepFamily = current && current.userId === user.id ? current.familyId : undefined;
  await db.transaction(async (tx) => {
    await users.setPasswordHash(tx, user.id, passwordHash, now);
    await tokens.revokeAllForUser(tx, user.id, now, keepFamily);
  });
}
