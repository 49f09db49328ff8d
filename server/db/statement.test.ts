import { describe, expect, it } from 'vitest';
import { withLiterals } from './statement.js';

describe('withLiterals', () => {
  it('writes each value as a literal that cannot leave its quotes', () => {
    expect(withLiterals('SELECT f($1, $2, $3, $4, $10)', ["it's", 42, true, null, 'x', 0, 0, 0, 0, "a\\'); DROP TABLE users; --"])).toBe(
      "SELECT f('it''s', 42, TRUE, NULL,  E'a\\\\''); DROP TABLE users; --')",
    );
  });

  it('refuses a number that is not finite', () => {
    expect(() => withLiterals('SELECT $1', [Number.NaN])).toThrow(/finite/);
  });
});
