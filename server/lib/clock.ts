/**
 * Where the server reads the time for rules a person waits on (code expiry, resend cooldowns).
 * The system clock in production; tests pass a clock they move forward themselves.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until told to move: `advance(61_000)` is a minute and a second later. */
export function manualClock(start = new Date()): Clock & { advance(ms: number): void } {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
