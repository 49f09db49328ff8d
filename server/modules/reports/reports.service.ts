import type { DbOrTx } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { checkLedger } from '../ledger/index.js';
import * as repo from './reports.repo.js';

/** Today, 7 and 30 days: the daily totals (paise) for the charts, the players who bet, what waits for a decision, and the ledger check. */
export async function overview(ctx: Ctx) {
  const { db, now } = ctx;
  const [days, today, week, month, pending, violations] = await Promise.all([
    repo.dailyTotals(db, 30, now),
    repo.playersWhoBet(db, 1, now),
    repo.playersWhoBet(db, 7, now),
    repo.playersWhoBet(db, 30, now),
    repo.pendingRequests(db),
    checkLedger(db),
  ]);
  return { days, players: { today, week, month }, pending, violations: violations.length, checkedAt: now };
}

/** Deposits, withdrawals and revenue per day (paise), oldest first. */
export async function dailyTotals(ctx: Ctx, { days }: { days: number }) {
  return repo.dailyTotals(ctx.db, days, ctx.now);
}

/** What /metrics reports from the database: the same on every server, as it is the database's. */
export interface OperationsFigures {
  bets: { chicken: number; color: number };
  money: repo.MoneyByKind[];
  pending: { deposits: number; withdrawals: number };
}

export async function operationsFigures(db: DbOrTx): Promise<OperationsFigures> {
  const [bets, money, pending] = await Promise.all([repo.betsByGame(db), repo.moneyByKind(db), repo.pendingRequests(db)]);
  return { bets, money, pending };
}

/** The number of broken ledger rules (0 when the books balance). */
export async function ledgerViolationCount(db: DbOrTx): Promise<number> {
  return (await checkLedger(db)).length;
}
