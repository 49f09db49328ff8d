import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer } from '../../../tests/helpers/factories.js';
import type { App } from '../../types.js';
import { rows } from './accounts.test-support.js';

describe('balance, referral link and public site data', () => {
  let app: App;
  useTestApp((a) => (app = a));

  it('shows a player their own balance in rupees and nobody else', async () => {
    const rich = await createPlayer(app, { balance: 1234.5 });
    const other = await createPlayer(app);
    const own = await app.inject({ url: `/api/v1/users/balance/${rich.id}`, headers: rich.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ success: true, balance: 1234.5 });
    expect((await app.inject({ url: `/api/v1/users/balance/${other.id}`, headers: other.headers })).json().balance).toBe(0);

    const snoop = await app.inject({ url: `/api/v1/users/balance/${rich.id}`, headers: other.headers });
    expect(snoop.statusCode).toBe(403);
    expect(snoop.json().message).toMatch(/own account/);

    const cashier = await createAdmin(app, { accessPages: ['transaction'] });
    expect((await app.inject({ url: `/api/v1/users/balance/${rich.id}`, headers: cashier.headers })).json().balance).toBe(1234.5);
    const gamesOnly = await createAdmin(app, { accessPages: ['games'] });
    expect((await app.inject({ url: `/api/v1/users/balance/${rich.id}`, headers: gamesOnly.headers })).statusCode).toBe(403);
    const missing = await app.inject({ url: '/api/v1/users/balance/00000000-0000-4000-8000-000000000000', headers: cashier.headers });
    expect(missing.statusCode).toBe(404);
  });

  it('gives the player their own referral link only', async () => {
    const p = await createPlayer(app);
    const q = await createPlayer(app);
    const res = await app.inject({ url: `/api/v1/users/referral-link/${p.id}`, headers: { ...p.headers, host: 'play.example.in' } });
    expect(res.statusCode).toBe(200);
    const [{ code }] = await rows<{ code: string }>(app, sql`SELECT referral_code AS code FROM users WHERE id = ${p.id}`);
    const link = `http://play.example.in/signup?ref=${code}`;
    expect(res.json()).toMatchObject({ success: true, referralLink: link, data: { referralLink: link } });
    expect((await app.inject({ url: `/api/v1/users/referral-link/${p.id}`, headers: q.headers })).statusCode).toBe(403);

    const configured = await createTestApp({ PUBLIC_URL: 'https://rupee.example/' });
    try {
      const r = await configured.inject({ url: `/api/v1/users/referral-link/${p.id}`, headers: p.headers });
      expect(r.json().referralLink).toBe(`https://rupee.example/signup?ref=${code}`);
    } finally {
      await configured.close();
    }
  });

  it('lists visible games (visible unless switched off) and the notification', async () => {
    const games = () => app.inject({ url: '/api/v1/users/visible-games' }).then((r) => r.json());
    expect(await games()).toEqual({ success: true, message: 'Visible games', data: ['chicken', 'color'] });
    await app.db.execute(sql`INSERT INTO game_visibility (game_type, is_visible) VALUES ('chicken', false), ('color', false)`);
    expect(await games()).toEqual({ success: true, message: 'Visible games', data: [] });
    await app.db.execute(sql`UPDATE game_visibility SET is_visible = true WHERE game_type = 'color'`);
    expect((await games()).data).toEqual(['color']);

    const note = () => app.inject({ url: '/api/v1/notification/get' }).then((r) => r.json());
    expect(await note()).toEqual({ success: true, message: null, messageHi: null });
    await app.db.execute(sql`INSERT INTO site_notification (message) VALUES ('Diwali bonus this week!')`);
    expect(await note()).toEqual({ success: true, message: 'Diwali bonus this week!', messageHi: null });
  });

  it('sets Secure cookies when the request came over TLS', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 1 });
    try {
      const p = await createPlayer(proxied);
      const res = await proxied.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: p.email, password: p.password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.map((c) => [c.name, c.secure])).toEqual([
        ['accessToken', true],
        ['refreshSecret', true],
        ['refreshToken', true],
      ]);
    } finally {
      await proxied.close();
    }
  });
});
