import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../play/index.js';

const STRIDE = 1000;

/**
 * A hash chain: hash(length) = seed and hash(n − 1) = sha256(hash(n)), so hash(0), the terminal
 * hash, commits to every other. Period n uses hash(n): published chains are walked backwards,
 * each revealed hash proving itself against the ones before. Every STRIDE-th hash is kept, so any
 * hash is at most STRIDE − 1 steps from a kept one.
 */
export class HashChain {
  private readonly kept: string[] = [];

  constructor(
    readonly seed: string,
    readonly length: number,
  ) {
    // kept[k] = hash(k × STRIDE), walking down from the seed.
    let h = seed;
    for (let n = length; n >= 0; n--) {
      if (n % STRIDE === 0) this.kept[n / STRIDE] = h;
      if (n > 0) h = sha256Hex(h);
    }
  }

  get terminalHash(): string {
    return this.kept[0];
  }

  /** hash(n), 0 ≤ n ≤ length. */
  hashAt(n: number): string {
    if (!Number.isInteger(n) || n < 0 || n > this.length) throw new RangeError(`hash ${n} is outside the chain`);
    // From the next kept hash above n (or the seed), hash down to n.
    const k = Math.ceil(n / STRIDE);
    let at = Math.min(k * STRIDE, this.length);
    let h = at === this.length ? this.seed : this.kept[k];
    while (at > n) {
      h = sha256Hex(h);
      at--;
    }
    return h;
  }

  static newSeed(): string {
    return randomBytes(32).toString('hex');
  }
}
