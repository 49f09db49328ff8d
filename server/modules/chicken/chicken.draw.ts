import { TRAPS, trapsFromFloats, type Difficulty } from '../../../contracts/chicken.js';
import { drawFloats } from '../play/index.js';

/** The round's traps (contracts/chicken.math.ts `drawTraps`) from the server's synchronous draw. */
export function drawTrapsFast(serverSeed: string, clientSeed: string, nonce: number, difficulty: Difficulty): number[] {
  return trapsFromFloats(drawFloats(serverSeed, clientSeed, nonce, TRAPS[difficulty]), TRAPS[difficulty]);
}
