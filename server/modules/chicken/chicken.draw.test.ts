import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, drawTraps, sha256Hex as sha256HexWeb } from '../../../contracts/chicken.js';
import { drawTrapsFast, newClientSeed, newServerSeed, sha256Hex } from './chicken.draw.js';

describe('server draw on node:crypto', () => {
  it('gives the same traps and hashes as the shared Web Crypto draw', async () => {
    for (let i = 0; i < 200; i++) {
      const serverSeed = newServerSeed();
      const clientSeed = i % 3 ? newClientSeed() : `seed with spaces:${i}`;
      const nonce = i * 37;
      for (const difficulty of DIFFICULTIES) {
        expect(drawTrapsFast(serverSeed, clientSeed, nonce, difficulty)).toEqual(await drawTraps({ serverSeed, clientSeed, nonce, difficulty }));
      }
      expect(sha256Hex(serverSeed)).toBe(await sha256HexWeb(serverSeed));
    }
  });

  it('makes 64-hex-character server seeds and 16-hex-character client seeds', () => {
    expect(newServerSeed()).toMatch(/^[0-9a-f]{64}$/);
    expect(newClientSeed()).toMatch(/^[0-9a-f]{16}$/);
    expect(newServerSeed()).not.toBe(newServerSeed());
  });
});
