import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { seal, unseal } from '../../lib/seal.js';
import { sha256, signChallenge, verifyChallenge } from '../../lib/tokens.js';
import { findUserById, type UserRow } from './accounts.repo.js';
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

async function challenged(db: Db, config: Config, challenge: string): Promise<UserRow> {
  const claims = await verifyChallenge(config.keys.twoFactor, challenge);
  const user = claims ? await findUserById(db, claims.sub) : undefined;
  if (!claims || !user || user.tokenVersion !== claims.tv || user.role !== 'admin' || user.blockedAt) {
    throw unauthorized('This sign-in has expired. Please enter your password again.', 'CHALLENGE_EXPIRED');
  }
  return user;
}

/** The secret for an admin's authenticator app, made once and kept sealed until a first code confirms it. */
export async function setupSecondFactor(db: Db, config: Config, challenge: string): Promise<{ secret: string; otpauthUrl: string }> {
  const user = await challenged(db, config, challenge);
  if (user.totpEnabledAt) throw badRequest('Your authenticator app is already set up. Enter its code.', 'ALREADY_SET_UP');
  let secret = user.totpSecret ? unseal(config.keys.twoFactor, user.totpSecret) : null;
  if (!secret) {
    secret = new Secret({ size: 20 }).base32;
    await repo.saveTotpSecret(db, user.id, seal(config.keys.twoFactor, secret));
  }
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
export async function verifySecondFactor(db: Db, config: Config, challenge: string, code: string): Promise<{ user: UserRow; recoveryCodes?: string[] }> {
  const user = await challenged(db, config, challenge);
  await takeAttempt(db, 'verify', `2fa:${user.id}`);
  const secret = user.totpSecret ? unseal(config.keys.twoFactor, user.totpSecret) : null;
  if (!secret) throw badRequest('Set up your authenticator app first.', 'NOT_SET_UP');
  const wrong = () => badRequest('That code is not right. Enter the 6-digit code your app shows now, or a recovery code.', 'WRONG_CODE');
  const digits = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const delta = totpFor(user, secret).validate({ token: digits, window: 1 });
    if (delta === null) throw wrong();
    const step = Math.floor(Date.now() / 1000 / STEP_SECONDS) + delta;
    const first = !user.totpEnabledAt;
    const recoveryCodes = await db.transaction(async (tx) => {
      if (!(await repo.takeTotpStep(tx, user.id, step, first))) throw badRequest('That code was already used. Wait for the next one.', 'CODE_USED');
      if (!first) return undefined;
      const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
      await repo.replaceRecoveryCodes(
        tx,
        user.id,
        codes.map((c) => recoveryHash(config, c)),
      );
      return codes;
    });
    await attemptSucceeded(db, 'verify', `2fa:${user.id}`);
    return { user, recoveryCodes };
  }
  if (!user.totpEnabledAt || !(await repo.useRecoveryCode(db, user.id, recoveryHash(config, digits)))) throw wrong();
  await attemptSucceeded(db, 'verify', `2fa:${user.id}`);
  return { user };
}
