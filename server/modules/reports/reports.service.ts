import { toRupees } from '../../../contracts/money.js';
import type { Figures, Overview } from '../../../contracts/reports.js';
import type { DbOrTx } from '../../db/client.js';
import { toCsv } from '../../lib/csv.js';
import { checkLedger } from '../ledger/index.js';
import * as repo from './reports.repo.js';

const rupees = (paise: number) => toRupees(paise);

/** A period's figures from its days' paise; `players` is counted over the whole period. */
function figures(days: repo.DayRow[], players: number): Figures {
  const sum = (k: 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'bonuses') => days.reduce((s, d) => s + d[k], 0);
  const bets = sum('bets');
  const wins = sum('wins');
  const bonuses = sum('bonuses');
  return {
    deposits: rupees(sum('deposits')),
    withdrawals: rupees(sum('withdrawals')),
    bets: rupees(bets),
    wins: rupees(wins),
    ggr: rupees(bets - wins),
    bonuses: rupees(bonuses),
    ngr: rupees(bets - wins - bonuses),
    players,
  };
}

/** Today, 7 and 30 days, the daily series for the charts, what waits for a decision, and the ledger check. */
export async function overview(db: DbOrTx, now: Date): Promise<Overview> {
  const [days, today, week, month, pending, violations] = await Promise.all([
    repo.dailyTotals(db, 30, now),
    repo.playersWhoBet(db, 1, now),
    repo.playersWhoBet(db, 7, now),
    repo.playersWhoBet(db, 30, now),
    repo.pendingRequests(db),
    checkLedger(db),
  ]);
  return {
    periods: { today: figures(days.slice(-1), today), '7d': figures(days.slice(-7), week), '30d': figures(days, month) },
    daily: days.map((d) => ({ day: d.day, ...figures([d], d.players) })),
    pending,
    ledger: { ok: violations.length === 0, checkedAt: now.toISOString(), violations: violations.length },
  };
}

/** Deposits, withdrawals and revenue per day, oldest first, as CSV. */
export async function dailyCsv(db: DbOrTx, days: number, now: Date): Promise<string> {
  const rows = await repo.dailyTotals(db, days, now);
  return toCsv(
    ['day', 'deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'players'],
    rows.map((d) => {
      const f = figures([d], d.players);
      return [d.day, f.deposits, f.withdrawals, f.bets, f.wins, f.ggr, f.bonuses, f.ngr, f.players];
    }),
  );
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
