import type { BetRecord, RoundView } from '../../../contracts/chicken.js';
import { toRupees } from '../../../contracts/money.js';
import { toCsv } from '../../lib/csv.js';
import { AppError } from '../../lib/errors.js';
import { formatIst } from '../../lib/india-time.js';
import type { RoundRow, RoundWithSeed } from './chicken.repo.js';
import { lanesCrossed, ladderOf, multiplierNow, RoundRefused } from './chicken.rules.js';

/*
 * What a player may see of a round. While it is open: the ladder, the seeds' public parts and
 * the lanes walked – never the traps and never the server seed. Once ended: everything, the
 * server seed included once its pair has been rotated.
 */

export function roundView(round: RoundRow, serverSeed: string | null = null): RoundView {
  const ladder = ladderOf(round);
  const ended = round.state !== 'playing';
  return {
    roundId: round.id,
    difficulty: round.difficulty,
    betAmount: toRupees(round.bet),
    autoCashout: round.autoCashout === null ? null : round.autoCashout / 100,
    state: round.state,
    lane: round.lane,
    lanesCrossed: lanesCrossed(round),
    multipliers: ladder.map((c) => c / 100),
    multiplier: multiplierNow(round) / 100,
    ...(ended ? { payout: toRupees(round.payout ?? 0), traps: [...round.traps] } : {}),
    serverSeedHash: round.serverSeedHash,
    serverSeed: ended ? serverSeed : null,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    createdAt: round.createdAt.toISOString(),
    endedAt: round.endedAt ? round.endedAt.toISOString() : null,
  };
}

export function betRecord(round: RoundRow & { serverSeed: string | null }): BetRecord {
  const ended = round.state !== 'playing';
  return {
    _id: round.id,
    roundId: round.id,
    createdAt: round.createdAt.toISOString(),
    difficulty: round.difficulty,
    betAmount: toRupees(round.bet),
    multiplier: multiplierNow(round) / 100,
    payoutAmount: toRupees(round.payout ?? 0),
    state: round.state,
    lanesCrossed: lanesCrossed(round),
    serverSeedHash: round.serverSeedHash,
    serverSeed: ended ? round.serverSeed : null,
    clientSeed: round.clientSeed,
    nonce: round.nonce,
    ...(ended ? { traps: [...round.traps] } : {}),
  };
}

/**
 * A refusal that names a round (rules' RoundRefused: ROUND_OPEN, ROUND_ENDED) answers that round as
 * the player may see it; any other error goes on as it is. `await startRound(…).catch(showRound)`.
 */
export function showRound(err: unknown): never {
  if (err instanceof RoundRefused) throw new AppError(err.code, err.status, err.message, { data: roundView(err.round, err.serverSeed) });
  throw err;
}

/** A round after start, go or stop, with the balance after it (paise), and for go whether the lane was safe. */
export const playedView = (p: { round: RoundRow; serverSeed: string | null; balance: number; safe?: boolean }) => ({
  ...roundView(p.round, p.serverSeed),
  balance: toRupees(p.balance),
  ...(p.safe === undefined ? {} : { safe: p.safe }),
});

/** What a step's answer says (the real round's and the demo's alike). */
export const stepMessage = (data: { state: string }) => (data.state === 'lost' ? 'Hit by a car.' : data.state === 'won' ? 'Cashed out.' : 'Safe.');
/** What a cash-out's answer says: before the first lane it gave the bet back. */
export const stopMessage = (data: { lanesCrossed: number }) => (data.lanesCrossed === 0 ? 'Bet returned.' : 'Cashed out.');

/** The demo's play money (paise) and its open round. */
export const demoStateView = (d: { balance: number; round: RoundRow | null }) => ({ balance: toRupees(d.balance), round: d.round ? roundView(d.round) : null });

/** A page of the player's bets. */
export const betsPageView = (p: { rows: RoundWithSeed[]; page: number; totalPages: number; total: number }) => ({
  bets: p.rows.map(betRecord),
  page: p.page,
  totalPages: p.totalPages,
  total: p.total,
});

/** The back office's game history of a player. */
export const gameHistoryView = (rows: RoundRow[]) =>
  rows.map((r) => ({ _id: r.id, createdAt: r.createdAt.toISOString(), betAmount: toRupees(r.bet), payoutAmount: toRupees(r.payout ?? 0) }));

/** A player's rounds as a CSV statement. */
export function betsCsvView(rows: RoundRow[]): string {
  return toCsv(
    [
      'time (India)',
      'game',
      'difficulty',
      'bet (INR)',
      'result',
      'lanes crossed',
      'multiplier',
      'payout (INR)',
      'round id',
      'server seed hash',
      'client seed',
      'nonce',
    ],
    rows.map((r) => [
      formatIst(r.createdAt),
      'Chicken Road',
      r.difficulty,
      toRupees(r.bet).toFixed(2),
      r.state === 'playing' ? 'in play' : r.state,
      lanesCrossed(r),
      ((r.multiplier ?? 0) / 100).toFixed(2),
      toRupees(r.payout ?? 0).toFixed(2),
      r.id,
      r.serverSeedHash,
      r.clientSeed,
      r.nonce,
    ]),
  );
}
