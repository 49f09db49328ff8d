import {
  colourName,
  saltNotice,
  sizeOf,
  type ColorBet,
  type ColorCommitment,
  type ColorState,
  type PeriodResult,
  type Selection,
} from '../../../contracts/color.js';
import { toRupees } from '../../../contracts/money.js';
import type { ColorGame } from './color.chains.js';
import type * as repo from './color.repo.js';
import { chainStatus, offsetsOf, timesIn, type PeriodTimes } from './color.rules.js';

// How the colour game's rows read in its answers (its socket events: color.events.ts).

export const resultView = (p: repo.PeriodRow, offsets: ReadonlyMap<number, number>): PeriodResult => ({
  period: p.period,
  seq: p.seq,
  chain: p.chainId,
  index: p.seq - (offsets.get(p.chainId) ?? 0),
  number: p.number,
  colour: colourName(p.number),
  size: sizeOf(p.number),
  hash: p.hash,
  startTime: p.startTime.toISOString(),
  endTime: p.endTime.toISOString(),
});

/** The period open for bets and the next ones of its chain, with their times. */
export const nextPeriodsView = (periods: PeriodTimes[]) =>
  periods.map((p) => ({ period: p.period, startTime: p.start.toISOString(), endTime: p.end.toISOString() }));

export const betView = (b: repo.BetRow, number: number | null): ColorBet => ({
  _id: b.id,
  period: b.period,
  chain: b.chainId,
  selection: b.selection as Selection,
  amount: toRupees(b.amount),
  status: b.status,
  payout: toRupees(b.payout),
  number,
  createdAt: b.createdAt.toISOString(),
});

/** A bet just placed, with the balance (paise) after its stake. */
export const placedView = (placed: { bet: repo.BetRow; balance: number }) => ({ bet: betView(placed.bet, null), balance: toRupees(placed.balance) });

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function commitmentView(c: repo.ChainRow, now: Date): ColorCommitment {
  return {
    id: c.id,
    status: chainStatus(c, now),
    terminalHash: c.terminalHash,
    chainLength: c.length,
    roundSeconds: c.roundSeconds,
    madeAt: c.madeAt.toISOString(),
    publishedAt: c.publishedAt.toISOString(),
    saltBlock: c.saltBlock,
    saltBlockAt: iso(c.saltBlockAt),
    salt: c.salt,
    saltSource: c.saltSource,
    saltedAt: iso(c.saltedAt),
    verifiable: c.saltSource === 'bitcoin',
    notice: saltNotice(c),
    epoch: iso(c.epoch),
    firstSeq: c.offset + 1,
    firstPeriod: timesIn(c, 1)?.period ?? null,
    lastPeriod: timesIn(c, c.length)?.period ?? null,
  };
}

export const stateView = (game: ColorGame, { current, last }: { current: PeriodTimes | null; last: repo.PeriodRow | null }, now: Date): ColorState => ({
  current: current && {
    seq: current.seq,
    chain: current.chainId,
    period: current.period,
    startTime: current.start.toISOString(),
    endTime: current.end.toISOString(),
    closesAt: current.closesAt.toISOString(),
  },
  last: last ? resultView(last, offsetsOf(game.chains)) : null,
  commitment: commitmentView(game.live, now),
});

export const historyView = (h: { rows: repo.PeriodRow[]; page: number; totalPages: number }, chains: readonly repo.ChainRow[]) => {
  const offsets = offsetsOf(chains);
  return { periods: h.rows.map((r) => resultView(r, offsets)), page: h.page, totalPages: h.totalPages };
};

export const commitmentsView = (c: { rows: repo.ChainRow[]; page: number; totalPages: number }, now: Date) => ({
  chains: c.rows.map((row) => commitmentView(row, now)),
  page: c.page,
  totalPages: c.totalPages,
});

export const betsPageView = (b: { rows: (repo.BetRow & { number: number | null })[]; page: number; totalPages: number }) => ({
  bets: b.rows.map((row) => betView(row, row.number)),
  page: b.page,
  totalPages: b.totalPages,
});
