import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { auditLog } from '../../db/schema/index.js';
import type { App } from '../../types.js';

describe('refer amount and Telegram amount', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)));

  for (const path of ['/api/v1/refer-amount', '/api/v1/telegram-amount']) {
    it(`${path}: one entry, rupees in answers, a bare array list, audited`, async () => {
      expect((await app.inject({ url: path, headers: admin.headers })).json()).toEqual([]);
      const created = await app.inject({ method: 'POST', url: path, headers: admin.headers, payload: { amount: '99.50' } });
      expect(created.statusCode).toBe(201);
      const data = created.json().data;
      expect(created.json()).toMatchObject({ success: true, data: { amount: 99.5 } });
      expect(typeof data._id).toBe('string');
      expect((await app.inject({ url: path, headers: admin.headers })).json()).toEqual([{ _id: data._id, amount: 99.5 }]);

      const second = await app.inject({ method: 'POST', url: path, headers: admin.headers, payload: { amount: 10 } });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toMatch(/already exists\. Delete it first/);

      for (const amount of [-1, 0, 'ten', '1.234', 1e10, null]) {
        const bad = await app.inject({ method: 'POST', url: path, headers: admin.headers, payload: { amount } });
        expect(bad.statusCode, String(amount)).toBe(400);
        expect(bad.json().success).toBe(false);
      }

      const del = await app.inject({ method: 'DELETE', url: `${path}/${data._id}`, headers: admin.headers });
      expect(del.statusCode).toBe(200);
      expect((await app.inject({ method: 'DELETE', url: `${path}/${data._id}`, headers: admin.headers })).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `${path}/nope`, headers: admin.headers })).statusCode).toBe(404);
      expect((await app.inject({ url: path, headers: admin.headers })).json()).toEqual([]);
      const entries = await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, data._id), eq(auditLog.actorId, admin.id)));
      expect(entries.map((e) => e.action).sort()).toEqual(['create', 'delete']);
    });
  }

  it('keeps one entry when two admins set it at the same moment', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => app.inject({ method: 'POST', url: '/api/v1/refer-amount', headers: admin.headers, payload: { amount: 10 + i } })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const list = (await app.inject({ url: '/api/v1/refer-amount', headers: admin.headers })).json();
    expect(list).toHaveLength(1);
    await app.inject({ method: 'DELETE', url: `/api/v1/refer-amount/${list[0]._id}`, headers: admin.headers });
  });

  it('shows the Telegram amount to anyone and the refer amount to its page only', async () => {
    const player = await createPlayer(app);
    expect((await app.inject({ url: '/api/v1/telegram-amount' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/refer-amount' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/v1/refer-amount', headers: player.headers })).statusCode).toBe(403);
  });
});
