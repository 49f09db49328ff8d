import type { BetRecord } from '../../../../contracts/chicken';
import { parseDifficulty, type Difficulty } from '../../../../contracts/chicken.math';
import { LOSE, PRIZES_MAX } from '../../../../contracts/spinner.math';
import type { SpinRecord } from '../../../../contracts/spinner';

/*
 * The addresses of the checks: each game's list links a bet to the screen that checks it, and that
 * screen reads the address back. Both sides are written here, together.
 */

/** The draws /fairness checks from their seeds: a Chicken Road round and a spin of the wheel. */
export const SEED_CHECK_GAMES = ['round', 'spin'] as const;

/** What /fairness reads from its address: a round's or a spin's seeds, and what was recorded, to compare. */
export interface SeedCheckRequest {
  game: (typeof SEED_CHECK_GAMES)[number];
  serverSeed?: string;
  clientSeed?: string;
  nonce?: string;
  difficulty?: Difficulty;
  /** The hash shown before the draw. */
  serverSeedHash?: string;
  /** The traps the server recorded for the round, and how far the chicken got. */
  recordedTraps?: number[];
  lanesCrossed?: number;
  /** A spin's wheel (its prizes, so its segment count) and the segment (0-based) it stopped on. */
  segments?: string;
  prizes?: string[];
  recordedSegment?: number;
}

/** /fairness with a Chicken Road round's seeds (the server seed once revealed) and its recorded traps. */
export function roundCheckHref(
  bet: Pick<BetRecord, 'clientSeed' | 'nonce' | 'difficulty' | 'serverSeedHash' | 'lanesCrossed' | 'serverSeed' | 'traps'>,
): string {
  const params = new URLSearchParams({
    clientSeed: bet.clientSeed,
    nonce: String(bet.nonce),
    difficulty: bet.difficulty,
    hash: bet.serverSeedHash,
    lanes: String(bet.lanesCrossed),
  });
  if (bet.serverSeed) params.set('serverSeed', bet.serverSeed);
  if (bet.traps?.length) params.set('traps', bet.traps.join(','));
  return `/fairness?${params}`;
}

/** /fairness with a spin's seeds, the wheel it was drawn on and the segment it stopped on. */
export function spinCheckHref(spin: Pick<SpinRecord, 'clientSeed' | 'nonce' | 'serverSeedHash' | 'index' | 'prizes'> & { serverSeed: string }): string {
  const params = new URLSearchParams({
    game: 'spin',
    serverSeed: spin.serverSeed,
    clientSeed: spin.clientSeed,
    nonce: String(spin.nonce),
    hash: spin.serverSeedHash,
    segment: String(spin.index),
    prizes: spin.prizes.join(','),
  });
  return `/fairness?${params}`;
}

/** Reads a round's or a spin's check from the address, as the two links above write it; anything malformed is left out. */
export function readSeedCheck(params: URLSearchParams): SeedCheckRequest {
  const text = (key: string) => params.get(key)?.slice(0, 128) ?? undefined;
  const nonce = params.get('nonce');
  const lanes = Number(params.get('lanes'));
  const segment = params.get('segment');
  const prizes = (params.get('prizes') ?? '')
    .split(',')
    .filter((p) => /^\d{1,7}(\.\d{1,2})?$/.test(p) || p === LOSE)
    .slice(0, PRIZES_MAX);
  const traps = (params.get('traps') ?? '')
    .split(',')
    .filter((t) => /^\d{1,2}$/.test(t))
    .map(Number);
  const spin = params.get('game') === 'spin';
  return {
    game: spin ? 'spin' : 'round',
    segments: spin && prizes.length >= 2 ? String(prizes.length) : undefined,
    prizes: spin && prizes.length >= 2 ? prizes : undefined,
    recordedSegment: spin && segment && /^\d{1,2}$/.test(segment) ? Number(segment) : undefined,
    serverSeed: text('serverSeed'),
    clientSeed: text('clientSeed'),
    nonce: nonce && /^\d{1,9}$/.test(nonce) ? nonce : undefined,
    difficulty: parseDifficulty(params.get('difficulty')) ?? undefined,
    serverSeedHash: text('hash'),
    recordedTraps: traps.length ? traps : undefined,
    lanesCrossed: Number.isInteger(lanes) && params.has('lanes') ? lanes : undefined,
  };
}

/** A colour period's number: 12 digits. */
const PERIOD = /^\d{12}$/;

/** /color/fairness with a period to check step by step. */
export const periodCheckHref = (period: string) => `/color/fairness?${new URLSearchParams({ period })}`;

/** The period /color/fairness is asked to check, or null for none (or a malformed one). */
export function readPeriodCheck(params: URLSearchParams): string | null {
  const period = params.get('period') ?? '';
  return PERIOD.test(period) ? period : null;
}

/** Whether a text is a period's number, as the check form asks for it. */
export const isPeriod = (text: string) => PERIOD.test(text);
