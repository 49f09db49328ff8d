import { describe, expect, it } from 'vitest';
import { easeOut, segmentAt, targetRotation } from './wheel';

describe('the wheel', () => {
  it('stops with the server’s segment under the pointer, whatever it started from', () => {
    for (const count of [2, 3, 8, 13, 24]) {
      for (let index = 0; index < count; index++) {
        for (const from of [0, 37.5, 720.25, -90]) {
          const to = targetRotation(from, index, count);
          expect(to - from).toBeGreaterThanOrEqual(5 * 360);
          expect(to - from).toBeLessThan(6 * 360);
          expect(segmentAt(to, count)).toBe(index);
        }
      }
    }
  });

  it('slows down as it goes', () => {
    expect(easeOut(0)).toBe(0);
    expect(easeOut(1)).toBe(1);
    expect(easeOut(0.25) - easeOut(0)).toBeGreaterThan(easeOut(1) - easeOut(0.75));
  });
});
