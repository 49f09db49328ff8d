import { toRupees } from '../../../contracts/money.js';
import type { Figures, Overview } from '../../../contracts/reports.js';
import { toCsv } from '../../lib/csv.js';
import type { DayRow } from './reports.repo.js';

// How the reports read: rupees, and the revenue a period made (GGR: bets less wins; NGR: less bonuses too).

/** A period's figures from its days' paise; `players` is counted over the whole period. */
function figures(days: DayRow[], players: number): Figures {
  const sum = (k: 'deposits' | 'withdrawals' | 'bets' | 'wins' | 'bonuses') => days.reduce((s, d) => s + d[k], 0);
  const bets = sum('bets');
  const wins = sum('wins');
  const bonuses = sum('bonuses');
  return {
    deposits: toRupees(sum('deposits')),
    withdrawals: toRupees(sum('withdrawals')),
    bets: toRupees(bets),
    wins: toRupees(wins),
    ggr: toRupees(bets - wins),
    bonuses: toRupees(bonuses),
    ngr: toRupees(bets - wins - bonuses),
    players,
  };
}

export const overviewView = (o: {
  days: DayRow[];
  players: { today: number; week: number; month: number };
  pending: Overview['pending'];
  violations: number;
  checkedAt: Date;
}): Overview => ({
  periods: { today: figures(o.days.slice(-1), o.players.today), '7d': figures(o.days.slice(-7), o.players.week), '30d': figures(o.days, o.players.month) },
  daily: o.days.map((d) => ({ day: d.day, ...figures([d], d.players) })),
  pending: o.pending,
  ledger: { ok: o.violations === 0, checkedAt: o.checkedAt.toISOString(), violations: o.violations },
});

/** Deposits, withdrawals and revenue per day, oldest first, as CSV. */
export const dailyCsvView = (rows: DayRow[]): string =>
  toCsv(
    ['day', 'deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr', 'players'],
    rows.map((d) => {
      const f = figures([d], d.players);
      return [d.day, f.deposits, f.withdrawals, f.bets, f.wins, f.ggr, f.bonuses, f.ngr, f.players];
    }),
  );
