import { multiplierLadderCents, payoutOf, type Difficulty } from '../../../contracts/chicken.js';
import { toPaise } from '../../../contracts/money.js';
import type { Config } from '../../config.js';
import { AppError } from '../../lib/errors.js';
import { drawTrapsFast } from './chicken.draw.js';
import type { RoundRow } from './chicken.repo.js';

/*
 * Chicken Road's rules, the same for a real round and a demo one: the ladder, what a step does,
 * what a cash-out pays, and the row a new round starts as.
 */

/** What the player chooses for a new round. */
export interface StartInput {
  /** Paise. */
  bet: number;
  difficulty: Difficulty;
  /** Multiplier, e.g. 2.5; null for none. */
  autoCashout: number | null;
}

/** The seeds a round is drawn from: the player's pair at the nonce taken (a demo round's own fresh pair at nonce 0). */
export interface RoundSeeds {
  /** The seed pair's id (a demo round: its demo player's). */
  id: string;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/**
 * The row a new round starts as, on every path (the one statement, the full path, the demo): the
 * game's settings of the day (RTP, maximum win), the player's difficulty, bet and auto cash-out in
 * hundredths, the seeds' public parts, and the traps drawn from the seeds at the nonce. It stands
 * before its first lane, nothing paid yet.
 */
export function newRound(
  settings: Pick<Config, 'GAME_RTP' | 'GAME_MAX_WIN'>,
  input: StartInput,
  start: { id: string; userId: string; seeds: RoundSeeds; now: Date; requestKey?: string | null },
): RoundRow {
  const { seeds } = start;
  return {
    id: start.id,
    userId: start.userId,
    seedPairId: seeds.id,
    serverSeedHash: seeds.serverSeedHash,
    clientSeed: seeds.clientSeed,
    nonce: seeds.nonce,
    difficulty: input.difficulty,
    rtpPpm: Math.round(settings.GAME_RTP * 1_000_000),
    bet: input.bet,
    maxWin: toPaise(settings.GAME_MAX_WIN),
    autoCashout: input.autoCashout === null ? null : Math.round(input.autoCashout * 100),
    traps: drawTrapsFast(seeds.serverSeed, seeds.clientSeed, seeds.nonce, input.difficulty),
    state: 'playing',
    lane: -1,
    multiplier: null,
    payout: null,
    createdAt: start.now,
    endedAt: null,
    requestKey: start.requestKey ?? null,
    stepKey: null,
  };
}

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

type RoundRules = Pick<RoundRow, 'difficulty' | 'rtpPpm' | 'bet' | 'maxWin' | 'autoCashout' | 'traps' | 'lane'>;

/** What a cash-out at `lane` pays: the bet × that lane's multiplier, or at lane −1 (no step yet) the bet itself. */
export function cashOutAt(round: RoundRules, lane: number): { multiplier: number; payout: number } {
  const multiplier = lane < 0 ? BET_RETURNED : ladderOf(round)[lane];
  return { multiplier, payout: lane < 0 ? round.bet : payoutOf(round.bet, multiplier, round.maxWin) };
}

/** What a round ending at `lane` pays: won, a cash-out there (cashOutAt); lost, nothing. */
export function paidAt(round: RoundRules, state: 'won' | 'lost', lane: number): { multiplier: number; payout: number } {
  return state === 'won' ? cashOutAt(round, lane) : { multiplier: 0, payout: 0 };
}

/**
 * What one more step does to an open round: a trap ends it lost; otherwise it walks on, or ends
 * won on the last lane, at the auto-cashout multiplier, or once the payout has reached the
 * maximum win (walking on could not win more).
 */
export function stepOutcome(round: RoundRules): { state: 'lost' | 'playing' | 'won'; lane: number } {
  const lane = round.lane + 1;
  if (round.traps.includes(lane)) return { state: 'lost', lane };
  const ladder = ladderOf(round);
  const multiplier = ladder[lane];
  const done =
    lane === ladder.length - 1 ||
    (round.autoCashout !== null && multiplier >= round.autoCashout) ||
    payoutOf(round.bet, multiplier, round.maxWin) >= round.maxWin;
  return { state: done ? 'won' : 'playing', lane };
}

/**
 * Multiplier in hundredths a cash-out would pay now (open: 1× before the first step, since
 * stopping then returns the bet), or the one paid (ended).
 */
export function multiplierNow(round: RoundRules & Pick<RoundRow, 'state' | 'multiplier'>): number {
  return round.state === 'playing' ? cashOutAt(round, round.lane).multiplier : (round.multiplier ?? 0);
}

/** Lanes walked safely: a lost round's last lane is the trap it met. */
export const lanesCrossed = (round: Pick<RoundRow, 'state' | 'lane'>): number => (round.state === 'lost' ? round.lane : round.lane + 1);

/**
 * A refusal that names a round: another round still open (one open round a player), or this one
 * already ended. It carries the round; the route answers it as the player may see it (chicken.view.ts `showRound`).
 */
export class RoundRefused extends AppError {
  constructor(
    code: 'ROUND_OPEN' | 'ROUND_ENDED',
    message: string,
    readonly round: RoundRow,
    readonly serverSeed: string | null = null,
  ) {
    super(code, 409, message);
  }
}

export const roundOpen = (open: RoundRow) => new RoundRefused('ROUND_OPEN', 'You have an unfinished round. Finish it before starting a new one.', open);
export const roundEnded = (round: RoundRow, serverSeed: string | null) => new RoundRefused('ROUND_ENDED', 'This round has already ended.', round, serverSeed);
