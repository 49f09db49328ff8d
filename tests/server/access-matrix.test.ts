import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_PAGES, type AccessPage } from '../../contracts/roles.js';
import type { App } from '../../server/types.js';
import { useTestApp } from '../helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../helpers/factories.js';

/** Back-office paths that are not behind one access page, each with why. */
const NOT_GATED: Record<string, string> = {
  'GET /api/v1/admin/game-history/:userId/:gameType': "own only, or an admin with the transaction page (the player's Game History screen)",
};

// Every route that demands an access page, listed from the app itself (app.accessTable, filled as
// routes register), called by four callers. A new back-office route is in the matrix without
// anyone adding it here.
describe('every back-office route answers 401, 403, 403 and passes for the right admin', () => {
  let app: App;
  let player: TestUser;
  const holding = new Map<AccessPage, TestUser>();
  const lacking = new Map<AccessPage, TestUser>();
  useTestApp(async (a) => {
    app = a;
    player = await createPlayer(a);
    for (const page of ACCESS_PAGES) {
      holding.set(page, await createAdmin(a, { accessPages: [page] }));
      lacking.set(page, await createAdmin(a, { accessPages: ACCESS_PAGES.filter((p) => p !== page) }));
    }
  });

  const fill = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());
  const send = (method: string, url: string, who: TestUser | null) =>
    app.inject({ method: method as 'GET', url, headers: who?.headers ?? {}, ...(method === 'GET' ? {} : { payload: {} }) });

  it('gates every route that names /admin, except the ones listed with a reason', async () => {
    const gated = new Set(app.accessTable.map((r) => `${r.method} ${r.url}`));
    expect(app.accessTable.length).toBeGreaterThan(30);
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const ungated = calls.filter((c) => c.includes('/admin') && !gated.has(c) && !NOT_GATED[c]);
    expect(ungated).toEqual([]);
    // And the table holds only routes the document lists.
    expect([...gated].filter((c) => !calls.includes(c))).toEqual([]);
  });

  it('answers each caller as its pages say', async () => {
    const failures: string[] = [];
    for (const { method, url, page } of app.accessTable) {
      const path = fill(url);
      const expectStatus = async (who: TestUser | null, label: string, ok: (status: number) => boolean) => {
        const res = await send(method, path, who);
        if (!ok(res.statusCode)) failures.push(`${method} ${url} as ${label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      };
      await expectStatus(null, 'anonymous', (s) => s === 401);
      await expectStatus(player, 'player', (s) => s === 403);
      await expectStatus(lacking.get(page)!, `admin without ${page}`, (s) => s === 403);
      // Past the gate: a GET without ids succeeds; anything else may still be refused for its input.
      const plainGet = method === 'GET' && !url.includes(':');
      await expectStatus(holding.get(page)!, `admin with ${page}`, (s) => (plainGet ? s === 200 : s !== 401 && s !== 403 && s < 500));
    }
    expect(failures).toEqual([]);
  });
});
