import { describe, expect, it } from 'vitest';
import { pageQuerySchema } from './paging.js';

describe('the page of a list', () => {
  it('is 1 when left out, and read from the query text', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1 });
    expect(pageQuerySchema.parse({ page: '3' })).toEqual({ page: 3 });
  });

  it.each([
    ['0', 'The page must be 1 or more.'],
    ['2.5', 'The page must be a whole number.'],
    ['many', 'The page must be a number.'],
    ['1000001', 'The page must be at most 1,000,000.'],
  ])('refuses page=%s in words', (page, message) => {
    const parsed = pageQuerySchema.safeParse({ page });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });
});
