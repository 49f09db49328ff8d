import { colourName, sizeOf, type ColorBet, type ColorState, type PeriodResult, type RoundResultEvent, type Selection } from '../../../contracts/color.js';
import { toRupees } from '../../../contracts/money.js';
import type * as repo from './color.repo.js';
import type { ColorGame, PeriodTimes } from './color.service.js';

// How the colour game's rows read in its answers and socket events.

export const resultView = (p: repo.PeriodRow): PeriodResult => ({
  period: p.period,
  seq: p.seq,
  number: p.number,
  colour: colourName(p.number),
  size: sizeOf(p.number),
  hash: p.hash,
  startTime: p.startTime.toISOString(),
  endTime: p.endTime.toISOString(),
});

export const resultEvent = (p: repo.PeriodRow): RoundResultEvent => {
  const r = resultView(p);
  return { period: r.period, number: r.number, colour: r.colour, size: r.size, hash: r.hash };
};

export const betView = (b: repo.BetRow, number: number | null): ColorBet => ({
  _id: b.id,
  period: b.period,
  selection: b.selection as Selection,
  amount: toRupees(b.amount),
  status: b.status,
  payout: toRupees(b.payout),
  number,
  createdAt: b.createdAt.toISOString(),
});

/** A bet just placed, with the balance (paise) after its stake. */
export const placedView = (placed: { bet: repo.BetRow; balance: number }) => ({ bet: betView(placed.bet, null), balance: toRupees(placed.balance) });

export const stateView = (game: ColorGame, current: PeriodTimes, last: repo.PeriodRow | null): ColorState => ({
  current: {
    seq: current.seq,
    period: current.period,
    startTime: current.start.toISOString(),
    endTime: current.end.toISOString(),
    closesAt: current.closesAt.toISOString(),
  },
  last: last ? resultView(last) : null,
  commitment: {
    terminalHash: game.row.terminalHash,
    salt: game.row.salt,
    saltSource: game.row.saltSource,
    chainLength: game.row.length,
    epoch: game.row.epoch.toISOString(),
    roundSeconds: game.row.roundSeconds,
  },
});

export const historyView = (h: { rows: repo.PeriodRow[]; page: number; totalPages: number }) => ({
  periods: h.rows.map(resultView),
  page: h.page,
  totalPages: h.totalPages,
});

export const betsPageView = (b: { rows: (repo.BetRow & { number: number | null })[]; page: number; totalPages: number }) => ({
  bets: b.rows.map((row) => betView(row, row.number)),
  page: b.page,
  totalPages: b.totalPages,
});
