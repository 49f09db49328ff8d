import { it } from 'vitest';
import { IN_CI } from '../../scripts/lib/ci.mjs';

/** Inside a test file: when `present` is false on CI, a failing test says what is missing. */
export function requiredOnCi(present: boolean, what: string): void {
  if (IN_CI && !present) {
    it(`needs ${what} on CI`, () => {
      throw new Error(`${what} is needed on CI (CI=true) and is missing: these proofs would otherwise be skipped.`);
    });
  }
}
