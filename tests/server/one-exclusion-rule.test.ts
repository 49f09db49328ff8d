import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GAME_TYPE as CHICKEN_GAME } from '../../contracts/chicken.js';
import { activeExclusion } from '../../server/modules/responsible/responsible.repo.js';
import type { App } from '../../server/types.js';
import { rows, useTestApp } from '../helpers/app.js';
import { createPlayer } from '../helpers/factories.js';

/*
 * A break or a self-exclusion is in force from its start to its end, and every path asks one rule
 * (exclusion_in_force, migration 0029): the repository the services read, the stake's
 * preconditions of the one-statement money path (stake_refused), and a step of an open round.
 */
describe('one rule for an exclusion in force', () => {
  let app: App;
  useTestApp((a) => (app = a));

  const now = new Date('2026-11-29T12:00:00.000Z');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  it.each([
    ['started and not ended', -10, 10, true],
    ['not started yet', 5, 60, false],
    ['ended', -60, -5, false],
    ['ending this instant', -60, 0, false],
    ['starting this instant', 0, 60, true],
  ])('%s: the same answer on every path', async (_what, from, to, inForce) => {
    const player = await createPlayer(app, { balance: 1000 });
    await rows(
      app,
      sql`INSERT INTO responsible_exclusions (user_id, kind, starts_at, ends_at) VALUES (${player.id}::uuid, 'timeout', ${at(from)}::timestamptz, ${at(to)}::timestamptz)`,
    );
    const [sqlAnswer] = await rows<{ excluded: boolean; refused: boolean }>(
      app,
      sql`SELECT excluded(${player.id}::uuid, ${now.toISOString()}::timestamptz) AS excluded,
                 stake_refused(${player.id}::uuid, ${CHICKEN_GAME}, 100, 1, 1000000, ${now.toISOString()}::timestamptz) AS refused`,
    );
    expect(sqlAnswer).toEqual({ excluded: inForce, refused: inForce });
    expect(Boolean(await activeExclusion(app.db, player.id, now))).toBe(inForce);
  });
});
