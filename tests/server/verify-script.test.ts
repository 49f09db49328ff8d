import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/lib/clock.js';
import { settleDue } from '../../server/modules/color/color.service.js';
import type { App } from '../../server/types.js';
import { useTestApp } from '../helpers/app.js';

// `npm run verify` checks what the API publishes, offline once fetched (docs/fairness.md).
const verify = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'scripts/verify.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run verify', () => {
  let app: App;
  const clock = manualClock(new Date('2026-11-25T06:00:00.000Z'));
  useTestApp(
    (a) => {
      app = a;
    },
    { clock, env: { ROUND_SECONDS: '60', COLOR_CHAIN_LENGTH: '200' } },
  );

  async function published() {
    const game = await app.colorChains.game({ db: app.db, config: app.config, now: clock.now() });
    clock.advance(6 * 60_000);
    await settleDue({ db: app.db, now: clock.now() }, { game });
    const get = async (url: string) => (await app.inject({ url })).json().data;
    return {
      site: 'http://test',
      fetchedAt: clock.now().toISOString(),
      commitments: (await get('/api/v1/color/commitments')).chains,
      periods: (await get('/api/v1/color/history?chain=1')).periods,
    };
  }

  it('checks a whole colour chain and one period from a saved file, and catches a forged number', async () => {
    const data = await published();
    expect(data.periods.length).toBeGreaterThanOrEqual(4);
    const dir = mkdtempSync(join(tmpdir(), 'verify-'));
    const file = join(dir, 'published.json');
    writeFileSync(file, JSON.stringify(data));
    const chain = verify('--chain', '1', '--from', file);
    expect(chain.status, chain.stderr).toBe(0);
    expect(chain.stdout).toContain(`All ${data.periods.length} ended periods of chain 1 verified ✓`);
    expect(chain.stdout).toContain('Salt drawn by the operator: not independently verifiable.');
    const one = verify('--period', data.periods[0].period, '--from', file);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/equals the published hash ✓/);
    expect(one.stdout).toContain('Verified ✓');

    const forged = { ...data, periods: data.periods.map((p: { number: number }, i: number) => (i === 1 ? { ...p, number: (p.number + 1) % 10 } : p)) };
    writeFileSync(file, JSON.stringify(forged));
    const caught = verify('--chain', '1', '--from', file);
    expect(caught.status).toBe(1);
    expect(caught.stdout).toContain(`1 of ${data.periods.length} periods do NOT verify ✗: ${data.periods[1].period}`);
  });

  it('recomputes a Chicken Road round and a spin from their seeds, as the document prints them', () => {
    const seed = '9f2c4e1a7b3d8c5e6f0a1b2c3d4e5f60718293a4b5c6d7e8f9012a3b4c5d6e7f';
    const round = verify('--server-seed', seed, '--client-seed', 'lucky-chicken', '--nonce', '0', '--difficulty', 'Hardest');
    expect(round.status, round.stderr).toBe(0);
    expect(round.stdout).toContain('Traps (draw order) [20, 15, 5, 1, 4, 19, 18, 24, 13, 9]');
    const spin = verify('--server-seed', 'a'.repeat(64), '--client-seed', 'player-seed', '--nonce', '0', '--prizes', '10,20,LOSE,50,5,LOSE,100,15');
    expect(spin.status, spin.stderr).toBe(0);
    // docs/fairness.md: segment 1 of a wheel of 8 for this seed.
    expect(spin.stdout).toContain('Segment            floor(0.151416 × 8) = 1');
    expect(spin.stdout).toContain('Prize              ₹20');
    expect(verify('--period', '123').status).toBe(2);
  });
});
