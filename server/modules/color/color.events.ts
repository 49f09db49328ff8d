import { colourName, sizeOf, type CountdownEvent, type NewRoundEvent, type RoundResultEvent } from '../../../contracts/color.js';
import type * as repo from './color.repo.js';
import type { PeriodTimes } from './color.rules.js';

// The colour game's socket events, as every client receives them, from the period engine's own
// data (a period's times, a recorded result): the engine alone sends them.

export const newRoundEvent = (p: PeriodTimes): NewRoundEvent => ({
  period: p.period,
  duration: p.end.getTime() - p.start.getTime(),
  startTime: p.start.toISOString(),
  endTime: p.end.toISOString(),
});

/** Whole seconds left in the period at `now`. */
export const countdownEvent = (p: PeriodTimes, now: Date): CountdownEvent => ({ timeLeft: Math.max(0, Math.ceil((p.end.getTime() - now.getTime()) / 1000)) });

export const resultEvent = (p: repo.PeriodRow): RoundResultEvent => ({
  period: p.period,
  number: p.number,
  colour: colourName(p.number),
  size: sizeOf(p.number),
  hash: p.hash,
});
