import { createHmac, hash, randomBytes } from 'node:crypto';
import { bytesToFloat } from '../../../contracts/fairness.math.js';

/*
 * The shared draw of contracts/fairness.math.ts on node:crypto: synchronous and several times
 * faster than Web Crypto, so a bet does not wait on the thread pool. play.draw.test.ts proves
 * both give the same floats and hashes.
 */

export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const newClientSeed = (): string => randomBytes(8).toString('hex');
/** SHA-256 of the UTF-8 text, as lowercase hex (one call, no hash object: a chain makes a million of them). */
export const sha256Hex = (text: string): string => hash('sha256', text, 'hex');

/** The first `count` floats of the stream bytes(0) ‖ bytes(1) ‖ … (fairness.math.ts `floats`). */
export function drawFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const values: number[] = [];
  for (let round = 0; values.length < count; round++) {
    const bytes = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}:${round}`, 'utf8').digest();
    for (let i = 0; i < bytes.length && values.length < count; i += 4) values.push(bytesToFloat(bytes, i));
  }
  return values;
}

/** The first float of a draw, as the spinner and the colour game use it. */
export const drawFloat = (serverSeed: string, clientSeed: string, nonce: number): number => drawFloats(serverSeed, clientSeed, nonce, 1)[0];
