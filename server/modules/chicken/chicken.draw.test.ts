import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, drawTraps } from '../../../contracts/chicken.js';
import { newClientSeed, newServerSeed } from '../play/index.js';
import { drawTrapsFast } from './chicken.draw.js';

describe('server draw of the traps', () => {
  it('gives the same traps as the shared Web Crypto draw', async () => {
    for (let i = 0; i < 200; i++) {
      const serverSeed = newServerSeed();
      const clientSeed = i % 3 ? newClientSeed() : `seed with spaces:${i}`;
      const nonce = i * 37;
      for (const difficulty of DIFFICULTIES) {
        expect(drawTrapsFast(serverSeed, clientSeed, nonce, difficulty)).toEqual(await drawTraps({ serverSeed, clientSeed, nonce, difficulty }));
      }
    }
  });
});
