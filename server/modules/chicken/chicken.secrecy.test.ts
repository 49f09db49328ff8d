import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { activePair, arrangeTraps, call, go, safeFor, start, stop } from './chicken.fixtures.js';

/** Every way an answer could give away where the traps are before the round ends. */
function leaks(raw: string, serverSeed: string): string[] {
  const found: string[] = [];
  if (raw.includes(serverSeed)) found.push('the server seed');
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) return value.forEach((v, i) => walk(v, `${path}[${i}]`));
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (key === 'traps') found.push(`${path}.traps`);
      if (key === 'multipliers' && Array.isArray(v) && v.includes(0)) found.push(`${path}.multipliers has a 0`);
      if (key === 'serverSeed' && v !== null) found.push(`${path}.serverSeed`);
      walk(v, `${path}.${key}`);
    }
  };
  walk(JSON.parse(raw), '$');
  return found;
}

describe('an open round keeps its traps secret', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('reveals no trap in any answer until the round has ended', async () => {
    const p = await createPlayer(app, { balance: 100 });
    await arrangeTraps(app, p, 'Hardest', (t) => safeFor(2)(t) && t.includes(2));
    const { serverSeed } = await activePair(app, p.id);
    const answers: [string, { status: number; raw: string }][] = [];
    const record = async (name: string, res: Promise<{ status: number; raw: string }>) => {
      const r = await res;
      answers.push([name, r]);
      return r;
    };

    await record('fairness', call(app, p, 'GET', '/fairness'));
    const started = await record('start', start(app, p, { betAmount: 10, difficulty: 'Hardest', userId: p.id, gameType: 'chicken' }));
    const roundId = JSON.parse(started.raw).data.roundId;
    await record('start again (409)', start(app, p, { betAmount: 10, difficulty: 'Hardest' }));
    await record('stop of another round (404)', stop(app, p, { roundId: '00000000-0000-4000-8000-000000000000' }));
    await record('active', call(app, p, 'GET', '/chicken-road/active'));
    await record('go lane 0', go(app, p, { roundId }));
    await record('go lane 1', go(app, p));
    await record('active after steps', call(app, p, 'GET', '/chicken-road/active'));
    await record('bets', call(app, p, 'GET', '/bets'));
    await record('game history', call(app, p, 'GET', `/admin/game-history/${p.id}/chicken`));
    await record('fairness while open', call(app, p, 'GET', '/fairness'));
    await record('client seed while open (409)', call(app, p, 'POST', '/fairness/client-seed', { clientSeed: 'new-seed' }));
    await record('rotate while open (409)', call(app, p, 'POST', '/fairness/rotate', {}));

    for (const [name, res] of answers) {
      expect(res.status, name).toBeLessThan(500);
      expect(leaks(res.raw, serverSeed), name).toEqual([]);
    }
    expect(answers.find(([n]) => n === 'rotate while open (409)')![1].status).toBe(409);
    expect(answers.find(([n]) => n === 'client seed while open (409)')![1].status).toBe(409);

    // The scan does find traps: the step onto lane 2 ends the round and shows them.
    const hit = await go(app, p);
    expect(JSON.parse(hit.raw).data.state).toBe('lost');
    expect(leaks(hit.raw, serverSeed)).toEqual(['$.data.traps']);
  });
});
