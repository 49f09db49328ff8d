import { multiplierLadderCents, type BetRecord, type RoundView } from '../../../contracts/chicken.js';
import { toRupees } from '../../../contracts/money.js';
import { toCsv } from '../../lib/csv.js';
import { formatIst } from '../../lib/india-time.js';
import type { RoundRow, RoundWithSeed } from './chicken.repo.js';

/*
 * What a player may see of a round. While it is open: the ladder, the seeds' public parts and
 * the lanes walked – never the traps and never the server seed. Once ended: everything, the
 * server seed included once its pair has been rotated.
 */

const ladders = new Map<string, number[]>();

/** The round's ladder in hundredths (a handful of RTP × difficulty pairs exist, so they are kept). */
export function ladderOf(round: Pick<RoundRow, 'difficulty' | 'rtpPpm'>): number[] {
  const key = `${round.difficulty}:${round.rtpPpm}`;
  let ladder = ladders.get(key);
  if (!ladder) {
    ladder = multiplierLadderCents(round.difficulty, round.rtpPpm / 1_000_000);
    ladders.set(key, ladder);
  }
  return ladder;
}

/** The multiplier, in hundredths, of a round stopped before its first step: the bet comes back. */
export const BET_RETURNED = 100;

/**
 * Multiplier in hundredths a cash-out would pay now (open: 1× before the first step, since
 * stopping then returns the bet), or the one paid (ended).
 */
function currentMultiplier(round: RoundRow, ladder: number[]): number {
  if (round.state !== 'playing') return round.multiplier ?? 0;
  return round.lane >= 0 ? ladder[round.lane] : BET_RETURNED;
}

export const lanesCrossed = (round: Pick<RoundRow, 'state' | 'lane'>): number => (round.state === 'lost' ? round.lane : round.lane + 1);

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
    multiplier: currentMultiplier(round, ladder) / 100,
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
    multiplier: currentMultiplier(round, ladderOf(round)) / 100,
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

/** A round after start, go or stop, with the balance after it (paise), and for go whether the lane was safe. */
export const playedView = (p: { round: RoundRow; serverSeed: string | null; balance: number; safe?: boolean }) => ({
  ...roundView(p.round, p.serverSeed),
  balance: toRupees(p.balance),
  ...(p.safe === undefined ? {} : { safe: p.safe }),
});

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
