import type { Db, DbOrTx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import * as repo from './throttle.repo.js';

export type ThrottledAction = 'login' | 'verify' | 'reset' | 'contact';

/**
 * Per-account limits on guessing: sign-in passwords, verification codes and reset codes. The
 * per-address limit stops one client; this one stops many clients aiming at one account.
 * The first few attempts are free; from then on each attempt must wait, twice as long as the one
 * before (30 s, 1 min, 2 min … up to 15 min). A success forgets the failures, and so does a day
 * without attempts. A code already dies after five wrong tries, so codes get more free attempts
 * (a new code, a new five) before the account itself is held back.
 *
 * `contact` counts the codes sent to an admin's own new e-mail or phone (each of which also waits
 * out the code resend cooldown): three are free, then the same waits, and only a day without one
 * forgets them (a confirmed change does not), so that nobody, a stolen session included, mails
 * address after address: at most ten in any hour.
 */
export const FREE_ATTEMPTS: Record<ThrottledAction, number> = { login: 5, verify: 10, reset: 10, contact: 3 };
const FIRST_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 15 * 60;
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

const TOO_MANY: Record<ThrottledAction, string> = {
  login: 'Too many failed sign-in attempts for this account.',
  verify: 'Too many failed code attempts for this account.',
  reset: 'Too many failed password reset attempts for this account.',
  contact: 'Too many codes were sent to new addresses of this account.',
};

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
  await db.transaction((tx) => countAttempt(tx, action, subject, now));
}

/** takeAttempt inside the caller's transaction `tx`: the count goes if the transaction rolls back. */
export async function countAttempt(tx: DbOrTx, action: ThrottledAction, subject: string, now: Date): Promise<void> {
  const key = keyOf(action, subject);
  const state = await repo.lockThrottle(tx, key, FORGET_AFTER_SECONDS, now);
  if (state.waitSeconds > 0) throw tooMany(action, state.waitSeconds);
  await countFailure(tx, action, key, state, now);
}

/** The attempt succeeded: the account's count starts again. */
export async function attemptSucceeded(db: Db, action: ThrottledAction, subject: string, now: Date): Promise<void> {
  await repo.clearThrottle(db, keyOf(action, subject), now);
}

const keyOf = (action: ThrottledAction, subject: string) => `${action}:${subject.toLowerCase()}`;

/** One more failure on a locked row (a day's quiet forgets the earlier ones), and the wait it earns. */
async function countFailure(tx: DbOrTx, action: ThrottledAction, key: string, state: repo.ThrottleState, now: Date): Promise<void> {
  const failures = (state.stale ? 0 : state.failures) + 1;
  await repo.recordAttempt(tx, key, failures, waitAfter(action, failures), now);
}

/**
 * One attempt on `subject`, decided while the account's row is locked, so attempts on one account
 * are decided one at a time: many wrong ones at once cannot pass the limit together, and many
 * right ones at once (a player's tabs, an app retrying) all succeed without tripping it. A success
 * forgets the failures; a failure counts. Refuses with 429 while the account is held back.
 *
 * `check` (a password hash) runs before, outside any transaction: the lock is held only to read
 * and write the count, so a sign-in never holds the database while it hashes. Its outcome does
 * not depend on the count, so deciding it afterwards under the lock decides exactly as checking
 * it under the lock would. On one server the attempts on one account also take turns, so an
 * account already held back is refused before the check costs anything.
 */
export async function checkAttempt(db: Db, action: ThrottledAction, subject: string, now: Date, check: () => Promise<boolean>): Promise<boolean> {
  const key = keyOf(action, subject);
  return inTurn(db, key, async () => {
    const held = await repo.waitSeconds(db, key, now);
    if (held > 0) throw tooMany(action, held);
    const ok = await check();
    const wait = await db.transaction(async (tx) => {
      const state = await repo.lockThrottle(tx, key, FORGET_AFTER_SECONDS, now);
      if (state.waitSeconds > 0) return state.waitSeconds;
      if (ok) await repo.clearThrottle(tx, key, now);
      else await countFailure(tx, action, key, state, now);
      return 0;
    });
    if (wait > 0) throw tooMany(action, wait);
    return ok;
  });
}

// Per database handle (one server), the attempt running or waiting last on each key.
const turns = new WeakMap<Db, Map<string, Promise<unknown>>>();

/** Runs `work` after every earlier call on `key` through this handle has ended. */
async function inTurn<T>(db: Db, key: string, work: () => Promise<T>): Promise<T> {
  let queue = turns.get(db);
  if (!queue) turns.set(db, (queue = new Map()));
  const mine = (queue.get(key) ?? Promise.resolve()).then(work);
  const last = mine.catch(() => undefined);
  queue.set(key, last);
  try {
    return await mine;
  } finally {
    if (queue.get(key) === last) queue.delete(key);
  }
}

const tooMany = (action: ThrottledAction, wait: number) =>
  new AppError('TOO_MANY_ATTEMPTS', 429, `${TOO_MANY[action]} Please wait ${inWords(wait)} and try again.`, {
    data: { retryAfter: wait },
  });
