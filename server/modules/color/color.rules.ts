import { BETS_CLOSE_SECONDS, periodName, type ChainStatus } from '../../../contracts/color.js';
import type { ColorGame } from './color.chains.js';
import type * as repo from './color.repo.js';

// The colour game's clock: which chain and period run at an instant, and their times. Pure: from
// the committed chains alone.

const roundMs = (chain: repo.ChainRow) => chain.roundSeconds * 1000;

/** When the chain's last period ends (ms); null while it waits for its salt. */
export const chainEnd = (chain: repo.ChainRow): number | null => (chain.epoch ? chain.epoch.getTime() + chain.length * roundMs(chain) : null);

export function chainStatus(chain: repo.ChainRow, now: Date): ChainStatus {
  const end = chainEnd(chain);
  if (end === null) return 'awaiting-salt';
  if (now.getTime() >= end) return 'ended';
  return now.getTime() < chain.epoch!.getTime() ? 'starting' : 'running';
}

/** The chain of game period `seq`. */
export function chainOf(game: ColorGame, seq: number): repo.ChainRow | undefined {
  return game.chains.find((c) => seq > c.offset && seq <= c.offset + c.length);
}

/** Each chain's offset: a period's index in its chain is its seq less its chain's offset. */
export const offsetsOf = (chains: readonly repo.ChainRow[]) => new Map(chains.map((c) => [c.id, c.offset]));

export interface PeriodTimes {
  seq: number;
  /** The chain the period draws from, and its hash's place in that chain. */
  chainId: number;
  index: number;
  period: string;
  start: Date;
  end: Date;
  closesAt: Date;
}

/** Game period `seq`'s times; undefined when no salted chain holds it. */
export function periodTimes(game: ColorGame, seq: number): PeriodTimes | undefined {
  const chain = chainOf(game, seq);
  return chain && timesIn(chain, seq - chain.offset);
}

/** The times of a chain's period `index` (from 1); undefined until the chain has its salt. */
export function timesIn(chain: repo.ChainRow, index: number): PeriodTimes | undefined {
  if (!chain.epoch) return undefined;
  const round = roundMs(chain);
  const seq = chain.offset + index;
  const start = chain.epoch.getTime() + (index - 1) * round;
  const end = start + round;
  return {
    seq,
    chainId: chain.id,
    index,
    period: periodName(start, chain.roundSeconds),
    start: new Date(start),
    end: new Date(end),
    closesAt: new Date(end - BETS_CLOSE_SECONDS * 1000),
  };
}

/** The game period running at `now`; before the live chain's first period starts, that first period (every earlier one has ended). */
export function seqAt(game: ColorGame, now: Date): number {
  const { live } = game;
  if (!live.epoch || now < live.epoch) return live.offset + 1;
  return Math.min(live.offset + Math.floor((now.getTime() - live.epoch.getTime()) / roundMs(live)) + 1, live.offset + live.length + 1);
}

/** The period open for bets at `now`: the running one, or the live chain's first before it starts; null while the chain waits for its salt. */
export const currentPeriod = (game: ColorGame, now: Date): PeriodTimes | null =>
  game.live.epoch ? (periodTimes(game, Math.max(game.live.offset + 1, seqAt(game, now))) ?? null) : null;

/** The period open at `now` and the next ones of its chain, `count` in all at most; none while the chain waits for its salt. */
export function upcomingPeriods(game: ColorGame, now: Date, count = 21): PeriodTimes[] {
  const current = currentPeriod(game, now);
  if (!current) return [];
  return Array.from({ length: count }, (_, i) => periodTimes(game, current.seq + i)).filter(
    (p): p is PeriodTimes => p !== undefined && p.chainId === current.chainId,
  );
}
