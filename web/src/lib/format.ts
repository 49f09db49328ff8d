import { formatIndiaTime } from '../../../contracts/india-time';

/**
 * A moment in India time as `YYYY-MM-DD hh:mm A` (2026-11-23 05:11 PM), the same on every device:
 * the site's players, its periods and its statements all keep India's clock. Worked out by hand
 * rather than with Intl's time zones, whose data a phone loads on first use.
 */
export function formatDateTime(iso: string): string {
  const t = new Date(iso).getTime();
  return Number.isNaN(t) ? '' : formatIndiaTime(t);
}
