import type { z } from 'zod';
import type { fairnessSchema, rotateAnswerSchema } from '../../../contracts/chicken.js';
import type { Rotated } from './seeds.service.js';
import type { SeedPairRow } from './seeds.repo.js';

// How a player's seed pair reads in its answers: never its unrevealed server seed.

/** The public parts of a pair: its server seed's hash, its client seed and the nonce the next bet will use. */
export const fairnessView = (p: SeedPairRow): z.infer<typeof fairnessSchema> => ({
  serverSeedHash: p.serverSeedHash,
  clientSeed: p.clientSeed,
  nonce: p.nonce,
});

/** A rotation: the retired pair revealed, and the new one's public parts. */
export const rotateView = ({ previous, next }: Rotated): z.infer<typeof rotateAnswerSchema> => ({
  previousServerSeed: previous.serverSeed,
  previousServerSeedHash: previous.serverSeedHash,
  previousClientSeed: previous.clientSeed,
  previousNonce: previous.nonce,
  ...fairnessView(next),
});
