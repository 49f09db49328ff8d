import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { badRequest, forbidden, unauthorized } from '../../lib/errors.js';
import { seal, unseal } from '../../lib/seal.js';
import { sha256, signChallenge, verifyChallenge } from '../../lib/tokens.js';
import { findUserById, type UserRow } from './accounts.repo.js';
import { spendChallenge } from './session.repo.js';
import * as repo from './two-factor.repo.js';
import { attemptSucceeded, takeAttempt } from './throttle.service.js';

export const CHALLENGE_TTL_SECONDS = 5 * 60;
const ISSUER = 'Rupee Arcade';
const RECOVERY_CODES = 10;
const STEP_SECONDS = 30;

export type SecondFactor = { twoFactor: 'code' | 'setup'; challenge: string };

/** Whether this account must give a second factor after its password. */
export const needsSecondFactor = (config: Config, user: UserRow) => config.adminTwoFactor && user.role === 'admin';

/** After a right password: the challenge for the second step, and whether the admin must first set up an app. */
export async function secondFactorChallenge(config: Config, user: UserRow): Promise<SecondFactor> {
  const challenge = await signChallenge(config.keys.twoFactor, { sub: user.id, tv: user.tokenVersion }, CHALLENGE_TTL_SECONDS);
  return { twoFactor: user.totpEnabledAt ? 'code' : 'setup', challenge };
}

const totpFor = (user: UserRow, secret: string) =>
  new TOTP({ issuer: ISSUER, label: user.email, algorithm: 'SHA1', digits: 6, period: STEP_SECONDS, secret: Secret.fromBase32(secret) });

type Claims = NonNullable<Awaited<ReturnType<typeof verifyChallenge>>>;
const challengeExpired = () => unauthorized('This sign-in has expired. Please enter your password again.', 'CHALLENGE_EXPIRED');

async function challenged(db: Db, config: Config, challenge: string): Promise<{ user: UserRow; claims: Claims }> {
  const claims = await verifyChallenge(config.keys.twoFactor, challenge);
  const user = claims ? await findUserById(db, claims.sub) : undefined;
  if (!claims || !user || user.tokenVersion !== claims.tv || user.role !== 'admin' || user.blockedAt) throw challengeExpired();
  return { user, claims };
}

/**
 * A new secret for an admin's authenticator app, sealed and bound to this sign-in (the challenge)
 * until a first code confirms it: each request draws a new one, so a secret is shown once, and
 * only the sign-in that asked for it can confirm it.
 */
export async function setupSecondFactor(ctx: Ctx, { challenge }: { challenge: string }): Promise<{ secret: string; otpauthUrl: string }> {
  const { db, config, now } = ctx;
  const { user, claims } = await challenged(db, config, challenge);
  if (user.totpEnabledAt) throw badRequest('Your authenticator app is already set up. Enter its code.', 'ALREADY_SET_UP');
  const secret = new Secret({ size: 20 }).base32;
  await repo.saveTotpSecret(db, user.id, seal(config.keys.twoFactor, secret), claims.jti, now);
  return { secret, otpauthUrl: totpFor(user, secret).toString() };
}

const newRecoveryCode = () => {
  const raw = randomBytes(5).toString('hex');
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};
const recoveryHash = (config: Config, code: string) => sha256(`${config.keys.twoFactor}:${code.trim().toLowerCase()}`);

/**
 * Checks the second factor: a code of the app (each time step once) or an unused recovery code.
 * The first confirmed code turns the factor on and answers ten recovery codes, shown only then.
 */
export async function verifySecondFactor(
  ctx: Ctx,
  { challenge, code }: { challenge: string; code: string },
): Promise<{ user: UserRow; recoveryCodes?: string[] }> {
  const { db, config, now } = ctx;
  const { user, claims } = await challenged(db, config, challenge);
  await takeAttempt(db, 'verify', `2fa:${user.id}`, now);
  // Until the app is confirmed, only the sign-in that drew the secret may confirm it.
  const ownSetup = user.totpEnabledAt || user.totpSetupChallenge === claims.jti;
  const secret = user.totpSecret && ownSetup ? unseal(config.keys.twoFactor, user.totpSecret) : null;
  if (!secret) throw badRequest('Set up your authenticator app first.', 'NOT_SET_UP');
  const recoveryCodes = await db.transaction(async (tx) => {
    const result = await spendSecondFactor(tx, config, user, secret, code, now);
    // The challenge signs in once: a second use, even with a new code, is refused.
    if (!(await spendChallenge(tx, claims.jti, new Date(claims.exp * 1000)))) throw challengeExpired();
    return result.recoveryCodes;
  });
  await attemptSucceeded(db, 'verify', `2fa:${user.id}`, now);
  return { user, recoveryCodes };
}

/**
 * An admin's second factor for a password reset by e-mail (ADMIN_2FA on): an enrolled admin gives
 * the app's code or a recovery code; one who never enrolled cannot reset by e-mail, since the
 * first sign-in after such a reset would enrol whoever read the e-mail.
 */
export async function secondFactorForReset(tx: DbOrTx, config: Config, user: UserRow, code: string | undefined, now: Date): Promise<void> {
  if (!needsSecondFactor(config, user)) return;
  if (!user.totpEnabledAt || !user.totpSecret) {
    throw forbidden(
      'An admin who has not set up an authenticator app cannot reset the password by e-mail. Sign in with your current password, or ask an admin who holds all your pages to close this account and make you a new one.',
      'ADMIN_RESET_NEEDS_2FA',
    );
  }
  if (!code) throw badRequest('Enter the code from your authenticator app (or a recovery code) as well.', 'TWO_FACTOR_REQUIRED');
  await spendSecondFactor(tx, config, user, unseal(config.keys.twoFactor, user.totpSecret)!, code, now);
}

/**
 * Checks a code of the app (each time step once, moving forward) or spends an unused recovery
 * code. The first confirmed code turns the factor on and answers ten recovery codes.
 */
async function spendSecondFactor(tx: DbOrTx, config: Config, user: UserRow, secret: string, code: string, now: Date): Promise<{ recoveryCodes?: string[] }> {
  const wrong = () => badRequest('That code is not right. Enter the 6-digit code your app shows now, or a recovery code.', 'WRONG_CODE');
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const delta = totpFor(user, secret).validate({ token: digits, window: 1, timestamp: now.getTime() });
    if (delta === null) throw wrong();
    const step = Math.floor(now.getTime() / 1000 / STEP_SECONDS) + delta;
    const first = !user.totpEnabledAt;
    if (!(await repo.takeTotpStep(tx, user.id, step, first, now))) throw badRequest('That code was already used. Wait for the next one.', 'CODE_USED');
    if (!first) return {};
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await repo.replaceRecoveryCodes(
      tx,
      user.id,
      codes.map((c) => recoveryHash(config, c)),
    );
    return { recoveryCodes: codes };
  }
  if (!user.totpEnabledAt || !(await repo.useRecoveryCode(tx, user.id, recoveryHash(config, digits), now))) throw wrong();
  return {};
}
