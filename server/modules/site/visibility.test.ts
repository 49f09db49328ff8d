import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestAppWithAdmin } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { auditLog } from '../../db/schema/index.js';
import type { App } from '../../types.js';

describe('game visibility and the site-wide notification', () => {
  let app: App;
  let admin: TestUser;
  useTestAppWithAdmin((a, ad) => ((app = a), (admin = ad)), { checkLedgerAfterEach: true });

  const setVisible = (who: TestUser | null, payload: unknown) =>
    app.inject({ method: 'POST', url: '/api/v1/admin/game-visibility', headers: who?.headers ?? {}, payload: payload as object });
  const games = async () => (await app.inject({ url: '/api/v1/users/visible-games' })).json().data as string[];
  const start = (p: TestUser) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/chicken-road/start',
      headers: p.headers,
      payload: { userId: p.id, gameType: 'chicken', betAmount: 10, difficulty: 'Easy' },
    });

  it('hides a game from players and refuses its new rounds, while an open round can still end', async () => {
    const p = await createPlayer(app, { balance: 100 });
    expect((await start(p)).statusCode).toBe(200);
    const hidden = await setVisible(admin, { gameType: 'chicken', isVisible: false });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ success: true, data: { gameType: 'chicken', isVisible: false } });
    expect(await games()).toEqual(['color']);
    // The open round is finished as usual; a new one is refused.
    expect((await app.inject({ method: 'POST', url: '/api/v1/chicken-road/stop', headers: p.headers, payload: { userId: p.id } })).statusCode).toBe(200);
    const refused = await start(p);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'GAME_HIDDEN', message: 'Chicken Road is not available right now.' });

    expect((await setVisible(admin, { gameType: 'chicken', isVisible: 'true' })).statusCode).toBe(200);
    expect(await games()).toEqual(['chicken', 'color']);
    expect((await start(p)).statusCode).toBe(200);
    const changes = (
      (await app.db.execute(sql`SELECT after FROM audit_log WHERE entity = 'game_visibility' ORDER BY id`)) as unknown as { rows: { after: unknown }[] }
    ).rows;
    expect(changes.map((r) => r.after)).toEqual([{ isVisible: false }, { isVisible: true }]);
  });

  it('takes visibility changes only from an admin holding the games page, and only for known games', async () => {
    const player = await createPlayer(app);
    const other = await createAdmin(app, { accessPages: ['transaction'] });
    expect((await setVisible(null, { gameType: 'chicken', isVisible: false })).statusCode).toBe(401);
    expect((await setVisible(player, { gameType: 'chicken', isVisible: false })).statusCode).toBe(403);
    expect((await setVisible(other, { gameType: 'chicken', isVisible: false })).statusCode).toBe(403);
    const unknown = await setVisible(admin, { gameType: 'aviator', isVisible: false });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('gameType: gameType must be one of: chicken, color');
    expect((await setVisible(admin, { gameType: 'chicken', isVisible: 'maybe' })).statusCode).toBe(400);
    expect(await games()).toEqual(['chicken', 'color']);
  });

  it('saves the notification for every visitor, with the text also in `error` when refused', async () => {
    const save = (who: TestUser, message: unknown) =>
      app.inject({ method: 'POST', url: '/api/v1/notification/add', headers: who.headers, payload: { message } });
    const saved = await save(admin, '  Diwali bonus tonight!  ');
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, message: 'Message saved successfully', data: { message: 'Diwali bonus tonight!' } });
    expect((await app.inject({ url: '/api/v1/notification/get' })).json()).toEqual({ success: true, message: 'Diwali bonus tonight!', messageHi: null });

    const empty = await save(admin, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ success: false, message: 'message: Message is required', error: 'message: Message is required' });
    const player = await createPlayer(app);
    const refused = await save(player, 'hello');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(refused.json().message);
    expect((await app.inject({ url: '/api/v1/notification/get' })).json().message).toBe('Diwali bonus tonight!');

    // Taken down, nobody sees a dialog.
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/notification', headers: player.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/notification', headers: admin.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/notification/get' })).json()).toEqual({ success: true, message: null, messageHi: null });
  });

  it('keeps a Hindi version beside the notification for Hindi readers, audited with it; saved without one, it has none', async () => {
    const save = (payload: object) => app.inject({ method: 'POST', url: '/api/v1/notification/add', headers: admin.headers, payload });
    const read = async () => (await app.inject({ url: '/api/v1/notification/get' })).json();
    const saved = await save({ message: 'Diwali bonus tonight!', messageHi: '  आज रात दिवाली बोनस!  ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ message: 'Diwali bonus tonight!', messageHi: 'आज रात दिवाली बोनस!' });
    expect(await read()).toEqual({ success: true, message: 'Diwali bonus tonight!', messageHi: 'आज रात दिवाली बोनस!' });
    const [entry] = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'site_notification')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'update', after: { message: 'Diwali bonus tonight!', messageHi: 'आज रात दिवाली बोनस!' } });

    const tooLong = await save({ message: 'Hello', messageHi: 'न'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('messageHi: The Hindi message can be at most 1000 characters');

    // As the original client saves it, with `message` alone: the old Hindi text said another message.
    expect((await save({ message: 'Spinner is live' })).statusCode).toBe(200);
    expect(await read()).toEqual({ success: true, message: 'Spinner is live', messageHi: null });
    const [after] = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'site_notification')).orderBy(desc(auditLog.id)).limit(1);
    expect(after).toMatchObject({
      before: { message: 'Diwali bonus tonight!', messageHi: 'आज रात दिवाली बोनस!' },
      after: { message: 'Spinner is live', messageHi: null },
    });
    // An empty Hindi box is no Hindi version.
    expect((await save({ message: 'Spinner is live', messageHi: '   ' })).json().data.messageHi).toBeNull();
  });
});
