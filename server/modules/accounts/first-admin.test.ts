import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_PAGES } from '../../../contracts/roles.js';
import { createTestApp, useTestApp } from '../../../tests/helpers/app.js';
import { resetDatabase } from '../../../tests/helpers/db.js';
import { contextOf } from '../../lib/context.js';
import type { App } from '../../types.js';
import { login, rows } from './accounts.test-support.js';
import { ensureFirstAdmin, generatePassword } from './first-admin.js';

const adminCount = async (app: App) => (await rows<{ n: number }>(app, sql`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`))[0].n;

describe('first admin', () => {
  let app: App;
  useTestApp((a) => (app = a), { overrides: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PHONE: '+919000000009', ADMIN_PASSWORD: 'Admin#12345678' } });

  it('creates the admin from the settings once, verified with every page', async () => {
    expect(await ensureFirstAdmin(contextOf(app))).toMatchObject({ created: true, email: 'boss@example.com' });
    expect(await ensureFirstAdmin(contextOf(app))).toEqual({ created: false, reason: 'exists' });
    expect(await adminCount(app)).toBe(1);

    const res = await login(app, { email: 'boss@example.com', password: 'Admin#12345678' });
    expect(res.statusCode).toBe(200);
    const { user } = res.json().data;
    expect(user).toMatchObject({ role: 'admin', phoneNumber: '+919000000009', accessPages: [...ACCESS_PAGES] });
  });

  it('generates a password and prints it once when ADMIN_PASSWORD is unset', async () => {
    await resetDatabase(app.database);
    const bare = await createTestApp({ ADMIN_EMAIL: 'owner@example.com', ADMIN_PHONE: '+919000000010', ADMIN_PASSWORD: undefined });
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const result = await ensureFirstAdmin(contextOf(bare));
      expect(result.created).toBe(true);
      const password = result.created ? result.generatedPassword! : '';
      expect(log).toHaveBeenCalledTimes(1);
      expect(String(log.mock.calls[0][0])).toContain(password);
      expect(String(log.mock.calls[0][0])).toContain('owner@example.com');
      expect((await login(bare, { email: 'owner@example.com', password })).statusCode).toBe(200);

      expect((await ensureFirstAdmin(contextOf(bare))).created).toBe(false);
      expect(log).toHaveBeenCalledTimes(1);
      expect(await adminCount(bare)).toBe(1);
    } finally {
      log.mockRestore();
      await bare.close();
    }
  });

  it('makes passwords that meet the registration rules', () => {
    for (let i = 0; i < 50; i++) expect(generatePassword()).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9]).{16}$/);
  });
});
