import { describe, expect, it } from 'vitest';
import { floats, sha256Hex as sha256HexWeb } from '../../../contracts/fairness.math.js';
import { drawFloat, drawFloats, newClientSeed, newServerSeed, sha256Hex } from './play.draw.js';

describe('server draw on node:crypto', () => {
  it('gives the same floats and hashes as the shared Web Crypto draw', async () => {
    for (let i = 0; i < 100; i++) {
      const serverSeed = newServerSeed();
      const clientSeed = i % 3 ? newClientSeed() : `seed with spaces:${i}`;
      const nonce = i * 37;
      const count = 1 + (i % 20);
      expect(drawFloats(serverSeed, clientSeed, nonce, count)).toEqual(await floats(serverSeed, clientSeed, nonce, count));
      expect(drawFloat(serverSeed, clientSeed, nonce)).toBe((await floats(serverSeed, clientSeed, nonce, 1))[0]);
      expect(sha256Hex(serverSeed)).toBe(await sha256HexWeb(serverSeed));
    }
  });

  it('makes 64-hex-character server seeds and 16-hex-character client seeds', () => {
    expect(newServerSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{16}$/);
    expect(newServerSeed()).not.toBe(newServerSeed());
  });
});
