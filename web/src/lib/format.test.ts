import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';

describe('formatDateTime', () => {
  it('writes YYYY-MM-DD hh:mm A in local time', () => {
    expect(formatDateTime(new Date(2026, 10, 23, 17, 5).toISOString())).toBe('2026-11-23 05:05 PM');
    expect(formatDateTime(new Date(2026, 0, 2, 0, 30).toISOString())).toBe('2026-01-02 12:30 AM');
    expect(formatDateTime(new Date(2026, 0, 2, 12, 0).toISOString())).toBe('2026-01-02 12:00 PM');
  });
  it('writes nothing for a date it cannot read', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
