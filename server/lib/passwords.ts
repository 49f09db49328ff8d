import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

// A burst of sign-ins must not take every core from the event loop that answers everyone else:
// at most one hash fewer than the cores at a time (at least one); the rest wait their turn.
const hashing = pLimit(Math.max(1, availableParallelism() - 1));

export const hashPassword = (password: string) => hashing(() => hash(password, OPTIONS));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}
