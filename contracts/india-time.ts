// India time, in one place for the server, the web and the SQL: UTC+05:30 all year (no summer
// time), so the days, weeks and months of limits, reports, statements and period names start at
// midnight in India, and every moment is written on India's clock on every device.

/** India's offset from UTC, as an ISO suffix. */
export const INDIA_OFFSET = '+05:30';
export const IST_OFFSET_MS = 330 * 60_000;
/** The zone PostgreSQL knows India time by. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';
/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** India's wall clock at an instant, read with the getUTC… methods. */
export const indiaClock = (ms: number): Date => new Date(ms + IST_OFFSET_MS);

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "2026-11-23 05:11 PM": how the site writes a moment, in India time. Worked out by hand rather
 * than with Intl's time zones, whose data a phone loads on first use.
 */
export function formatIndiaTime(ms: number): string {
  const d = indiaClock(ms);
  const h = d.getUTCHours();
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** Midnight in India starting a YYYY-MM-DD date. */
export const indiaMidnight = (date: string): Date => new Date(Date.parse(`${date}T00:00:00Z`) - IST_OFFSET_MS);

/** "YYYY-MM-DDTHH:mm[:ss]" read as India time (NaN when it is not a time). */
export const fromIndiaLocal = (local: string): number => Date.parse(`${local}${INDIA_OFFSET}`);

/** "YYYY-MM-DDTHH:mm" of an instant in India time, for a datetime-local box read as India time. */
export const toIndiaLocal = (ms: number): string => indiaClock(ms).toISOString().slice(0, 16);
