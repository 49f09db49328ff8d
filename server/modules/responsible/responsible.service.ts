import {
  LIMIT_COOLING_OFF_HOURS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  PERIOD_ADJECTIVES,
  type ExclusionKind,
  type ExclusionView,
  type LimitKind,
  type LimitPeriod,
} from '../../../contracts/responsible.js';
import { formatInr, toRupees } from '../../../contracts/money.js';
import type { DbOrTx, Tx } from '../../db/client.js';
import type { RequestCtx } from '../../lib/context.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { AuthUser } from '../../types.js';
import { playSince } from '../ledger/index.js';
import * as repo from './responsible.repo.js';
import { formatIst, periodBounds } from '../../lib/india-time.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The amount in force at `now`: a waiting change takes over once its time has come. */
export const inForce = (row: repo.LimitRow, now: Date): number | null => (row.nextAt && row.nextAt <= now ? row.nextAmount : row.amount);

/** A limit of the player (set or not) with what has been used of it in its current period (paise). */
export interface LimitUse {
  kind: LimitKind;
  period: LimitPeriod;
  row: repo.LimitRow | undefined;
  used: number;
}

/**
 * Every kind × period of the caller, set or not, with what has been used of it in the current
 * period. Use is summed only for periods that hold a limit (in force or waiting); others answer 0
 * without a query.
 */
export async function limitsOf(ctx: RequestCtx<AuthUser>): Promise<LimitUse[]> {
  const { db, now } = ctx;
  const userId = ctx.user.id;
  const rows = await repo.listLimits(db, userId);
  const uses: LimitUse[] = [];
  for (const period of LIMIT_PERIODS) {
    const used: Record<LimitKind, number> = { deposit: 0, bet: 0, loss: 0 };
    if (rows.some((r) => r.period === period)) {
      const { start } = periodBounds(period, now);
      const play = await playSince(db, userId, start);
      Object.assign(used, { deposit: await repo.depositedSince(db, userId, start), bet: play.staked, loss: Math.max(0, play.staked - play.returned) });
    }
    for (const kind of LIMIT_KINDS) uses.push({ kind, period, row: rows.find((r) => r.kind === kind && r.period === period), used: used[kind] });
  }
  return uses;
}

/**
 * Sets limits as the player asks: a lower limit (or a first one) applies at once and cancels any
 * raise waiting; a higher one or a removal waits 24 hours, the limit in force staying until then.
 * Asking again for a change that already waits keeps its time: the call run again after an
 * unknown commit (decision 0029) sets the same limits and answers the same, so it needs no key.
 */
export async function setLimits(
  ctx: RequestCtx<AuthUser>,
  { limits }: { limits: { kind: LimitKind; period: LimitPeriod; amount: number | null }[] },
): Promise<void> {
  const { now } = ctx;
  const userId = ctx.user.id;
  await ctx.db.transaction(async (tx) => {
    const rows = await repo.lockLimits(tx, userId);
    for (const { kind, period, amount } of limits) {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      if (row?.nextAt && row.nextAt > now && row.nextAmount === amount) continue;
      const current = row ? inForce(row, now) : null;
      const later = new Date(now.getTime() + LIMIT_COOLING_OFF_HOURS * HOUR_MS);
      const next =
        amount !== null && (current === null || amount <= current)
          ? { amount, nextAmount: null, nextAt: null }
          : amount === null && current === null
            ? { amount: null, nextAmount: null, nextAt: null }
            : { amount: current, nextAmount: amount, nextAt: later };
      await repo.saveLimit(tx, { userId, kind, period, ...next }, now);
    }
  });
}

function exclusionView(row: repo.ExclusionRow): ExclusionView {
  return { kind: row.kind, startedAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() };
}

/** "You are taking a time-out until 2026-11-25 07:00 PM (India time)" */
const breakText = (row: repo.ExclusionRow): string =>
  `${row.kind === 'timeout' ? 'You are taking a time-out' : 'You have excluded yourself'} until ${formatIst(row.endsAt)} (India time)`;

function excludedError(row: repo.ExclusionRow): AppError {
  return new AppError('SELF_EXCLUDED', 403, `${breakText(row)}. You can still withdraw your balance and see your history.`, { data: exclusionView(row) });
}

/**
 * A time-out or self-exclusion: effective at once; one in force can be made longer, never shorter.
 * With the call's Idempotency-Key (`ctx.key`) the break keeps it, and a call run again with it
 * answers that break instead of starting another (decision 0029).
 */
export async function exclude(ctx: RequestCtx<AuthUser>, { kind, days }: { kind: ExclusionKind; days: number }): Promise<ExclusionView> {
  const { now, key: requestKey } = ctx;
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const taken = requestKey ? await repo.findExclusionByKey(tx, userId, requestKey) : undefined;
    if (taken) return exclusionView(taken);
    const endsAt = new Date(now.getTime() + days * DAY_MS);
    const active = await repo.activeExclusion(tx, userId, now);
    if (active && active.endsAt >= endsAt) {
      throw conflict(`${breakText(active)}. A new break must end later than that.`, 'ALREADY_EXCLUDED');
    }
    return exclusionView(await repo.insertExclusion(tx, { userId, kind, startsAt: now, endsAt, requestKey: requestKey ?? null }));
  });
}

export async function exclusionOf(db: DbOrTx, userId: string, now: Date): Promise<ExclusionView | null> {
  const row = await repo.activeExclusion(db, userId, now);
  return row ? exclusionView(row) : null;
}

/** Active exclusions by player id, for the back office (read only: nobody can shorten one). */
export async function exclusionsOf(db: DbOrTx, userIds: string[], now: Date): Promise<Map<string, ExclusionView>> {
  const map = new Map<string, ExclusionView>();
  for (const row of await repo.activeExclusions(db, userIds, now)) if (!map.has(row.userId)) map.set(row.userId, exclusionView(row));
  return map;
}

/** Refuses play and deposits to a player on a time-out or self-excluded. */
export async function assertNotExcluded(db: DbOrTx, userId: string, now: Date): Promise<void> {
  const row = await repo.activeExclusion(db, userId, now);
  if (row) throw excludedError(row);
}

function overLimit(kind: LimitKind, period: LimitPeriod, limit: number, used: number, now: Date): AppError {
  const left = Math.max(0, limit - used);
  const what = kind === 'deposit' ? 'This deposit' : 'This bet';
  const message = `${what} would go over your ${PERIOD_ADJECTIVES[period]} ${kind} limit of ${formatInr(limit)}: ${formatInr(left)} left until it resets on ${formatIst(periodBounds(period, now).end)} (India time).`;
  return new AppError('LIMIT_REACHED', 403, message, {
    data: { kind, period, limit: toRupees(limit), left: toRupees(left), resetsAt: periodBounds(period, now).end.toISOString() },
  });
}

/**
 * Before a stake leaves the wallet, in the transaction that moves it: the stake fits every bet
 * and loss limit (a stake counts as lost until it comes back). One of the staking preconditions
 * of server/modules/play (STAKE_PRECONDITIONS), which also checks for an exclusion.
 */
export async function assertWithinLimits(tx: Tx, userId: string, now: Date, stake: number): Promise<void> {
  const rows = await repo.lockLimits(tx, userId);
  // A bet and a loss limit of the same period read the same play once.
  const plays = new Map<LimitPeriod, Promise<{ staked: number; returned: number }>>();
  for (const row of rows) {
    const limit = inForce(row, now);
    if (limit === null || row.kind === 'deposit') continue;
    if (!plays.has(row.period)) plays.set(row.period, playSince(tx, userId, periodBounds(row.period, now).start));
    const play = await plays.get(row.period)!;
    const used = row.kind === 'bet' ? play.staked : Math.max(0, play.staked - play.returned);
    if (used + stake > limit) throw overLimit(row.kind, row.period, limit, used, now);
  }
}

/** Before a deposit request is recorded, in its transaction: no exclusion, and it fits every deposit limit. */
export async function assertMayDeposit(tx: Tx, userId: string, now: Date, amount: number): Promise<void> {
  await assertNotExcluded(tx, userId, now);
  const rows = await repo.lockLimits(tx, userId);
  for (const row of rows) {
    const limit = inForce(row, now);
    if (limit === null || row.kind !== 'deposit') continue;
    const used = await repo.depositedSince(tx, userId, periodBounds(row.period, now).start);
    if (used + amount > limit) throw overLimit('deposit', row.period, limit, used, now);
  }
}

/** The caller's limits, any time-out or self-exclusion, and the reality check. */
export async function stateOf(ctx: RequestCtx<AuthUser>) {
  return {
    limits: await limitsOf(ctx),
    exclusion: await exclusionOf(ctx.db, ctx.user.id, ctx.now),
    realityCheckMinutes: await repo.realityCheckMinutes(ctx.db, ctx.user.id),
  };
}

export async function setRealityCheck(ctx: RequestCtx<AuthUser>, { minutes }: { minutes: number }): Promise<number> {
  await repo.setRealityCheckMinutes(ctx.db, ctx.user.id, minutes);
  return minutes;
}

/** The reality check's figures: staked, won back and net since the session began (at most a day back). */
export async function sessionSummary(ctx: RequestCtx<AuthUser>, { since }: { since: Date }) {
  const { now } = ctx;
  const from = new Date(Math.min(now.getTime(), Math.max(since.getTime(), now.getTime() - DAY_MS)));
  return { since: from, ...(await playSince(ctx.db, ctx.user.id, from)) };
}
