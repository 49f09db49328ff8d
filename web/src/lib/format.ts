const pad = (n: number) => String(n).padStart(2, '0');

/** India's offset from UTC: +05:30 all year (no summer time). */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/**
 * A moment in India time as `YYYY-MM-DD hh:mm A` (2026-11-23 05:11 PM), the same on every device:
 * the site's players, its periods and its statements all keep India's clock. Worked out by hand
 * rather than with Intl's time zones, whose data a phone loads on first use.
 */
export function formatDateTime(iso: string): string {
  const t = new Date(iso).getTime();
  if (Number.isNaN(t)) return '';
  const d = new Date(t + INDIA_OFFSET_MS);
  const hours = d.getUTCHours() % 12 || 12;
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(hours)}:${pad(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}
