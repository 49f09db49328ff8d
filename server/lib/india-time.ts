import { DAY_MS, formatIndiaTime, indiaMidnight, IST_OFFSET_MS } from '../../contracts/india-time.js';
import type { LimitPeriod } from '../../contracts/responsible.js';

export { DAY_MS };

/** The day, week (from Monday) or month that holds `now`, in India time. */
export function periodBounds(period: LimitPeriod, now: Date): { start: Date; end: Date } {
  const local = new Date(now.getTime() + IST_OFFSET_MS);
  const [y, m, d] = [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
  let start: number;
  let end: number;
  if (period === 'day') {
    start = Date.UTC(y, m, d);
    end = start + DAY_MS;
  } else if (period === 'week') {
    start = Date.UTC(y, m, d - ((local.getUTCDay() + 6) % 7));
    end = start + 7 * DAY_MS;
  } else {
    start = Date.UTC(y, m, 1);
    end = Date.UTC(y, m + 1, 1);
  }
  return { start: new Date(start - IST_OFFSET_MS), end: new Date(end - IST_OFFSET_MS) };
}

/** Midnight (India time) starting a YYYY-MM-DD date. */
export const istMidnight = indiaMidnight;

/** Midnight (India time) ending a YYYY-MM-DD date: the end of a period that includes that day. */
export const istDayAfter = (date: string): Date => new Date(istMidnight(date).getTime() + DAY_MS);

/** "2026-11-24 12:00 AM", India time: how the site writes a moment. */
export const formatIst = (at: Date): string => formatIndiaTime(at.getTime());
