import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './throttle.repo.js';

export type ThrottledAction = 'login' | 'verify' | 'reset';

/**
 * Per-account limits on guessing: sign-in passwords, verification codes and reset codes. The
 * per-address limit stops one client; this one stops many clients aiming at one account.
 * The first few attempts are free; from then on each attempt must wait, twice as long as the one
 * before (30 s, 1 min, 2 min … up to 15 min). A success forgets the failures, and so does a day
 * without attempts. A code already dies after five wrong tries, so codes get more free attempts
 * (a new code, a new five) before the account itself is held back.
 */
export const FREE_ATTEMPTS: Record<ThrottledAction, number> = { login: 5, verify: 10, reset: 10 };
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

const WHAT: Record<ThrottledAction, string> = { login: 'sign-in attempts', verify: 'code attempts', reset: 'password reset attempts' };

/** Seconds the next attempt must wait after `failures` attempts without a success. */
export const waitAfter = (action: ThrottledAction, failures: number): number => {
  const free = FREE_ATTEMPTS[action];
  return failures < free ? 0 : Math.min(MAX_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - free));
};

const inWords = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);

/**
 * Counts an attempt on `subject` before it is checked, so that many attempts at once are counted
 * one by one; refuses with 429 and the wait while the account is held back.
 */
export async function takeAttempt(db: Db, action: ThrottledAction, subject: string, now: Date): Promise<void> {
  const key = keyOf(action, subject);
  const wait = await db.transaction(async (tx) => {
    const state = await repo.lockThrottle(tx, key, FORGET_AFTER_SECONDS, now);
    if (state.waitSeconds > 0) return state.waitSeconds;
    await countFailure(tx, action, key, state, now);
    return 0;
  });
  if (wait > 0) throw tooMany(action, wait);
}

/** The attempt succeeded: the account's count starts again. */
export async function attemptSucceeded(db: Db, action: ThrottledAction, subject: string, now: Date): Promise<void> {
  await repo.clearThrottle(db, keyOf(action, subject), now);
}

const keyOf = (action: ThrottledAction, subject: string) => `${action}:${subject.toLowerCase()}`;

/** One more failure on a locked row (a day's quiet forgets the earlier ones), and the wait it earns. */
async function countFailure(tx: Tx, action: ThrottledAction, key: string, state: repo.ThrottleState, now: Date): Promise<void> {
  const failures = (state.stale ? 0 : state.failures) + 1;
  await repo.recordAttempt(tx, key, failures, waitAfter(action, failures), now);
}

/**
 * One attempt on `subject`, checked while the account's row is locked, so attempts on one account
 * are decided one at a time: many wrong ones at once cannot pass the limit together, and many
 * right ones at once (a player's tabs, an app retrying) all succeed without tripping it. A success
 * forgets the failures; a failure counts. Refuses with 429 while the account is held back.
 */
export async function checkAttempt(db: Db, action: ThrottledAction, subject: string, now: Date, check: () => Promise<boolean>): Promise<boolean> {
  const key = keyOf(action, subject);
  const outcome = await db.transaction(async (tx) => {
    const state = await repo.lockThrottle(tx, key, FORGET_AFTER_SECONDS, now);
    if (state.waitSeconds > 0) return { wait: state.waitSeconds, ok: false };
    const ok = await check();
    if (ok) await repo.clearThrottle(tx, key, now);
    else await countFailure(tx, action, key, state, now);
    return { wait: 0, ok };
  });
  if (outcome.wait > 0) throw tooMany(action, outcome.wait);
  return outcome.ok;
}

const tooMany = (action: ThrottledAction, wait: number) =>
  new AppError('TOO_MANY_ATTEMPTS', 429, `Too many failed ${WHAT[action]} for this account. Please wait ${inWords(wait)} and try again.`, {
    data: { retryAfter: wait },
  });
