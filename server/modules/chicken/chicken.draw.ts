import { createHash, createHmac, randomBytes } from 'node:crypto';
import { bytesToFloat, TRAPS, trapsFromFloats, type Difficulty } from '../../../contracts/chicken.js';

/*
 * The draw of contracts/chicken.ts on node:crypto: synchronous and several times faster than
 * Web Crypto, so a start does not wait on the thread pool. chicken.draw.test.ts proves both
 * give the same traps.
 */

export const newServerSeed = (): string => randomBytes(32).toString('hex');
export const newClientSeed = (): string => randomBytes(8).toString('hex');
export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export function drawTrapsFast(serverSeed: string, clientSeed: string, nonce: number, difficulty: Difficulty): number[] {
  const t = TRAPS[difficulty];
  const values: number[] = [];
  for (let round = 0; values.length < t; round++) {
    const bytes = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}:${round}`, 'utf8').digest();
    for (let i = 0; i < bytes.length && values.length < t; i += 4) values.push(bytesToFloat(bytes, i));
  }
  return trapsFromFloats(values, t);
}

/** The first float of a draw (contracts/chicken.math.ts `floats`), as the spinner uses it. */
export function drawFloat(serverSeed: string, clientSeed: string, nonce: number): number {
  const bytes = createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(`${clientSeed}:${nonce}:0`, 'utf8').digest();
  return bytesToFloat(bytes, 0);
}
