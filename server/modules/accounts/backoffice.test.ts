import { describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type TestUser } from '../../../tests/helpers/factories.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import type { App } from '../../types.js';
import { login, refresh, signIn } from './accounts.test-support.js';

describe('back office: users', () => {
  let app: App;
  let admin: TestUser;
  useTestApp(async (a) => {
    app = a;
    admin = await createAdmin(a, { fullName: 'Office Admin' });
  });
  const call = (who: TestUser | null, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, headers: who?.headers ?? {}, payload: payload as string });

  it('lists users 10 a page, newest first, finds them by name, e-mail, phone or id, and never shows a password', async () => {
    const meera = await createPlayer(app, { fullName: 'Meera Searchable' });
    for (let i = 0; i < 11; i++) await createPlayer(app);
    const first = await call(admin, 'GET', '/users/');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.users).toHaveLength(10);
    expect(body.page).toBe(1);
    expect(body.totalPages).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(body)).not.toMatch(/password|\$argon2/i);
    for (const q of ['searchable', meera.email.toUpperCase(), meera.phoneNumber.slice(-6), meera.id.slice(0, 8)]) {
      const found = (await call(admin, 'GET', `/users/?q=${encodeURIComponent(q)}`)).json().users;
      expect(
        found.map((u: { _id: string }) => u._id),
        q,
      ).toEqual([meera.id]);
    }
    // LIKE's wildcards are text here.
    expect((await call(admin, 'GET', '/users/?q=%25')).json().users).toEqual([]);
  });

  it('edits a player, refuses an e-mail another account holds, and records the change without the password', async () => {
    const p = await createPlayer(app, { fullName: 'Ravi Old' });
    const other = await createPlayer(app);
    const edit = (payload: Record<string, unknown>) =>
      call(admin, 'PUT', `/users/${p.id}`, { fullName: 'Ravi New', email: p.email, phoneNumber: p.phoneNumber, ...payload });
    const ok = await edit({ password: '' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ _id: p.id, fullName: 'Ravi New', blocked: false });
    const taken = await edit({ email: other.email });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists.');
    expect((await edit({ email: 'not-an-email' })).statusCode).toBe(400);

    // A new password ends the player's sessions and works at sign-in.
    expect((await call(p, 'GET', '/users/me')).statusCode).toBe(200);
    expect((await edit({ password: 'Fresh#Pass99' })).statusCode).toBe(200);
    expect((await call(p, 'GET', '/users/me')).statusCode).toBe(401);
    expect((await login(app, { email: p.email, password: 'Fresh#Pass99' })).statusCode).toBe(200);

    const audit = (await call(admin, 'GET', `/admin/audit?action=user.update`)).json().data.entries;
    const [second, first] = audit.filter((e: { entityId: string }) => e.entityId === p.id);
    expect(second.after).toMatchObject({ passwordChanged: true });
    expect(first).toMatchObject({ actorId: admin.id, actorName: 'Office Admin', before: { fullName: 'Ravi Old' }, after: { fullName: 'Ravi New' } });
    expect(JSON.stringify(audit)).not.toMatch(/Fresh#Pass99|\$argon2|passwordHash/);
  });

  it('blocks a player: the open session ends at the next call, sign-in and refresh are refused; unblocking restores sign-in', async () => {
    const p = await createPlayer(app, { balance: 100 });
    const session = await signIn(app, { email: p.email, password: p.password });
    expect((await call(p, 'GET', '/users/me')).statusCode).toBe(200);
    const block = await call(admin, 'POST', `/admin/users/${p.id}/block`, { blocked: true });
    expect(block.statusCode).toBe(200);
    expect(block.json()).toMatchObject({ message: 'User blocked', data: { blocked: true } });
    expect((await call(p, 'GET', '/users/me')).statusCode).toBe(401);
    expect((await call(p, 'POST', '/chicken-road/start', { betAmount: 10, difficulty: 'Easy' })).statusCode).toBe(401);
    const refused = await login(app, { email: p.email, password: p.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: 'This account is blocked. Please contact support.' });
    // A wrong password still says only that the credentials are wrong.
    expect((await login(app, { email: p.email, password: 'Wrong#Pass1' })).statusCode).toBe(401);
    expect((await refresh(app, session.refreshToken)).statusCode).toBe(401);

    expect((await call(admin, 'POST', `/admin/users/${p.id}/block`, { blocked: false })).json().data.blocked).toBe(false);
    expect((await login(app, { email: p.email, password: p.password })).statusCode).toBe(200);
    const actions = (await call(admin, 'GET', `/admin/audit`)).json().data.entries.filter((e: { entityId: string }) => e.entityId === p.id);
    expect(actions.map((e: { action: string }) => e.action)).toEqual(['user.unblock', 'user.block']);
  });

  it('sets a new password for a player, and leaves admins to Admin Controller', async () => {
    const p = await createPlayer(app);
    expect((await call(admin, 'POST', `/admin/users/${p.id}/password`, { password: 'weak' })).statusCode).toBe(400);
    expect((await call(admin, 'POST', `/admin/users/${p.id}/password`, { password: 'Brand#New123' })).statusCode).toBe(200);
    expect((await login(app, { email: p.email, password: 'Brand#New123' })).statusCode).toBe(200);
    const other = await createAdmin(app);
    expect((await call(admin, 'POST', `/admin/users/${other.id}/block`, { blocked: true })).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/admin/users/${other.id}/password`, { password: 'Brand#New123' })).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/admin/users/not-a-uuid/block`, { blocked: true })).statusCode).toBe(404);
  });

  it("lists one player's wallet history for the History view", async () => {
    const p = await createPlayer(app, { balance: 50 });
    const res = await call(admin, 'GET', `/wallet/history/users?userId=${p.id}`);
    expect(res.statusCode).toBe(200);
    expect((await call(admin, 'GET', `/wallet/history/users?userId=nope`)).statusCode).toBe(400);
    expect((await call(admin, 'GET', `/users/balance/${p.id}`)).json().balance).toBe(50);
  });
});

describe('back office: admins', () => {
  let app: App;
  let root: TestUser;
  useTestApp(async (a) => {
    app = a;
    root = await createAdmin(a, { fullName: 'Root Admin' });
  });
  const call = (who: TestUser, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, headers: who.headers, payload: payload as string });
  let n = 0;
  const newAdmin = (who: TestUser, accessPages: string[], phone?: string) => {
    n += 1;
    return call(who, 'POST', '/admin/add-admin', {
      name: 'Sub Admin',
      email: `sub${n}.${Date.now()}@example.com`,
      phone: phone ?? `98765${String(Date.now() + n).slice(-5)}`,
      password: 'Sub#Admin123',
      accessPages,
    });
  };

  it('creates a sub-admin with the ten-digit phone rule, who can sign in and holds only the pages given', async () => {
    expect((await newAdmin(root, ['qr-code'], '12345')).json().errors[0].message).toBe('Phone number must be exactly 10 digits');
    const res = await newAdmin(root, ['qr-code'], '98 7654 3210');
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ phoneNumber: '+919876543210', accessPages: ['qr-code'] });
    const list = (await call(root, 'GET', '/admin/get-admin')).json();
    expect(list.data.map((a: { _id: string }) => a._id)).toContain(created._id);
    expect(JSON.stringify(list)).not.toMatch(/password|\$argon2/i);
    const signed = await login(app, { email: created.email, password: 'Sub#Admin123' });
    expect(signed.json().data.user).toMatchObject({ role: 'admin', accessPages: ['qr-code'] });
  });

  it('refuses to create an admin who holds no access page', async () => {
    const res = await newAdmin(root, []);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Choose at least one access page');
  });

  it('lets an admin grant and take away only the pages they hold', async () => {
    const manager = await createAdmin(app, { accessPages: ['admin-management', 'games'] });
    const refused = await newAdmin(manager, ['games', 'transaction']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only grant pages you hold yourself: not transaction.');
    const sub = (await newAdmin(root, ['games'])).json().data;
    const edit = (who: TestUser, target: typeof sub, accessPages: string[]) =>
      call(who, 'PUT', '/admin/update-admin', {
        _id: target._id,
        fullName: target.fullName,
        email: target.email,
        phoneNumber: target.phoneNumber,
        accessPages,
      });
    expect((await edit(manager, sub, ['games', 'transaction'])).statusCode).toBe(403);
    expect((await edit(manager, sub, [])).statusCode).toBe(200);
    expect((await edit(manager, sub, ['games'])).statusCode).toBe(200);
    // An admin holding a page the manager lacks is out of the manager's reach altogether.
    const senior = (await newAdmin(root, ['games', 'transaction'])).json().data;
    const refusedEdit = await edit(manager, senior, ['games', 'transaction']);
    expect(refusedEdit.statusCode).toBe(403);
    expect(refusedEdit.json().code).toBe('ADMIN_OUT_OF_REACH');
    expect((await edit(root, senior, ['transaction'])).statusCode).toBe(200);
  });

  it('never removes the last admin who can manage admins, and never deletes oneself', async () => {
    // root and the manager of the last test hold admin-management; close every other holder first.
    const holders = (await call(root, 'GET', '/admin/get-admin'))
      .json()
      .data.filter((a: { accessPages: string[] }) => a.accessPages.includes('admin-management'));
    for (const h of holders.filter((a: { _id: string }) => a._id !== root.id))
      expect((await call(root, 'DELETE', '/admin/delete-admin', { email: h.email })).statusCode).toBe(200);
    const self = await call(root, 'DELETE', '/admin/delete-admin', { email: root.email });
    expect(self.statusCode).toBe(400);
    const strip = await call(root, 'PUT', '/admin/update-admin', {
      _id: root.id,
      fullName: 'Root Admin',
      email: root.email,
      phoneNumber: root.phoneNumber,
      accessPages: ['transaction'],
    });
    expect(strip.statusCode).toBe(409);
    expect(strip.json().code).toBe('LAST_ADMIN_MANAGER');
    // With a second manager, the first may go.
    const second = (await newAdmin(root, ['admin-management'])).json().data;
    const secondUser = await login(app, { email: second.email, password: 'Sub#Admin123' });
    const token = secondUser.json().data.accessToken as string;
    const del = await app.inject({ method: 'DELETE', url: '/api/v1/admin/delete-admin', headers: { authorization: token }, payload: { email: root.email } });
    // The second manager lacks root's other pages, so cannot close root's account.
    expect(del.statusCode).toBe(403);
  });

  it('closes a deleted admin: off the list, signed out and unable to sign in, and audited', async () => {
    const sub = (await newAdmin(root, ['qr-code'])).json().data;
    const session = await login(app, { email: sub.email, password: 'Sub#Admin123' });
    const token = session.json().data.accessToken as string;
    const del = await call(root, 'DELETE', '/admin/delete-admin', { email: sub.email });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Admin deleted');
    expect((await call(root, 'GET', '/admin/get-admin')).json().data.map((a: { _id: string }) => a._id)).not.toContain(sub._id);
    expect((await app.inject({ method: 'GET', url: '/api/v1/qrcode/qr-codes', headers: { authorization: token } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: token } })).statusCode).toBe(401);
    expect((await login(app, { email: sub.email, password: 'Sub#Admin123' })).statusCode).toBe(403);
    expect((await call(root, 'DELETE', '/admin/delete-admin', { email: sub.email })).statusCode).toBe(404);

    const log = (await call(root, 'GET', `/admin/audit?actor=${root.id}`)).json().data;
    const mine = log.entries.filter((e: { entityId: string }) => e.entityId === sub._id).map((e: { action: string }) => e.action);
    expect(mine).toEqual(['admin.delete', 'admin.create']);
    expect(log.actions).toEqual(expect.arrayContaining(['admin.create', 'admin.delete']));
    const csv = await app.inject({ method: 'GET', url: `/api/v1/admin/audit.csv?action=admin.delete`, headers: root.headers });
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,admin id,admin,action,entity,entity id,before,after');
    expect(lines.slice(1).every((l) => l.includes(',admin.delete,admin,'))).toBe(true);
    expect(csv.body).not.toMatch(/\$argon2|Sub#Admin123/);
    // Dates filter by India days.
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    expect((await call(root, 'GET', `/admin/audit?from=${today}&to=${today}&action=admin.delete`)).json().data.total).toBeGreaterThan(0);
    expect((await call(root, 'GET', `/admin/audit?to=2000-01-01`)).json().data.total).toBe(0);
    expect((await call(root, 'GET', `/admin/audit?from=2026-02-30`)).statusCode).toBe(400);
  });
});
