import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('writes YYYY-MM-DD hh:mm A in India time, whatever the device’s zone', () => {
    expect(formatDateTime('2026-11-23T11:35:00.000Z')).toBe('2026-11-23 05:05 PM');
    expect(formatDateTime('2026-01-01T19:00:00.000Z')).toBe('2026-01-02 12:30 AM');
    expect(formatDateTime('2026-01-02T06:30:00.000Z')).toBe('2026-01-02 12:00 PM');
    // The same moment as Intl writes it for Asia/Kolkata.
    const at = '2026-07-15T20:47:00.000Z';
    const intl = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hour12: true }).format(new Date(at));
    expect(formatDateTime(at).slice(11).toLowerCase()).toBe(intl.toLowerCase().replace(/\s+/g, ' '));
  });
  it('writes nothing for a date it cannot read', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
