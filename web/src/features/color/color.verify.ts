import { chainReaches, colourName, drawColorNumber, sizeOf } from '../../../../contracts/color.math';
import { hex, hmacBytes, bytesToFloat } from '../../../../contracts/fairness.math';
import type { ColorCommitment, PeriodResult } from '../../../../contracts/color';

/** What checking one period found, step by step (docs/fairness.md, "Verify a period"). */
export interface PeriodCheck {
  /** Hashing the period's hash `index` times gives its chain's published hash. */
  chained: boolean;
  hmac: string;
  float: number;
  number: number;
  colour: string;
  size: 'big' | 'small';
  /** Both hold, and the number drawn is the one recorded. */
  verified: boolean;
}

/**
 * Checks a period against its own chain's commitment, in the browser: the number from the hash and
 * the salt, and the hash back to the chain's published hash. `proven` holds hashes this screen has
 * already proven for that chain, so the next check walks only down to the nearest.
 */
export async function checkPeriod(period: PeriodResult, chain: ColorCommitment, proven?: Map<number, string>): Promise<PeriodCheck> {
  if (chain.id !== period.chain || chain.salt === null) throw new Error('The period belongs to another chain.');
  const bytes = await hmacBytes(period.hash, chain.salt, period.index, 0);
  const float = bytesToFloat(bytes, 0);
  const number = await drawColorNumber(period.hash, chain.salt, period.index);
  const chained = await chainReaches(period.hash, period.index, chain.terminalHash, proven);
  return { chained, hmac: hex(bytes), float, number, colour: colourName(number), size: sizeOf(number), verified: chained && number === period.number };
}
