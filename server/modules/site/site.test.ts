import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIFFICULTIES, multiplierLadder } from '../../../contracts/chicken.js';
import { siteSettingsAnswerSchema } from '../../../contracts/site.js';
import { useTestApp } from '../../../tests/helpers/app.js';
import { createAdmin, createPlayer } from '../../../tests/helpers/factories.js';
import { auditLog } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import type { App } from '../../types.js';

describe('site settings', () => {
  let app: App;
  useTestApp((a) => (app = a), {
    overrides: { DEPOSIT_MIN: 200, DEPOSIT_MAX: 7000, WITHDRAW_MAX: 50_000, GAME_MIN_BET: 20, GAME_RTP: 0.95 },
    env: { SUPPORT_WHATSAPP: '+91 98765-43210', SUPPORT_TELEGRAM: '@rupeearcade' },
  });

  it('answers the limits and the ladder the server enforces, from its configuration', async () => {
    const res = await app.inject({ url: '/api/v1/site/settings' });
    expect(res.statusCode).toBe(200);
    const { data } = siteSettingsAnswerSchema.parse(res.json());
    expect(data.deposit).toEqual({ min: 200, max: 7000 });
    expect(data.withdraw).toEqual({ min: 100, max: 50_000 });
    expect(data.support).toEqual({ whatsapp: 'https://wa.me/919876543210', telegram: 'https://t.me/rupeearcade' });
    expect(data.chicken).toMatchObject({ minBet: 20, maxBet: 10_000, maxWin: 1_000_000, rtp: 0.95 });
    for (const d of DIFFICULTIES) expect(data.chicken.ladders[d]).toEqual(multiplierLadder(d, 0.95));
  });

  it('holds what it announces: a deposit under the minimum is refused, a round uses the announced ladder', async () => {
    const { data } = (await app.inject({ url: '/api/v1/site/settings' })).json();
    const p = await createPlayer(app, { balance: 100 });
    const started = await app.inject({
      method: 'POST',
      url: '/api/v1/chicken-road/start',
      headers: p.headers,
      payload: { userId: p.id, gameType: 'chicken', betAmount: 20, difficulty: 'Medium' },
    });
    expect(started.json().data.multipliers).toEqual(data.chicken.ladders.Medium);
    const deposit = await app.inject({
      method: 'POST',
      url: '/api/v1/wallet/deposit',
      headers: p.headers,
      payload: { userId: p.id, amount: 199, method: 'UPI', details: { payNumber: 'UTR-SETTINGS-1' }, remarks: 'x' },
    });
    expect(deposit.statusCode).toBe(400);
    expect(deposit.json().message).toMatch(/200/);
  });
});

describe('support contacts', () => {
  it('are refused at boot when they cannot be a phone number or a Telegram username', () => {
    const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'cfg-')), APP_SECRET: 'cfg-secret-cfg-secret-cfg-secret-0123456789' };
    expect(() => loadConfig({ ...env, SUPPORT_WHATSAPP: 'call us' })).toThrow(/SUPPORT_WHATSAPP: WhatsApp must be a phone number/);
    expect(() => loadConfig({ ...env, SUPPORT_TELEGRAM: 'https://t.me/x' })).toThrow(/SUPPORT_TELEGRAM: Telegram must be a username/);
    expect(loadConfig(env).SUPPORT_WHATSAPP).toBeUndefined();
  });
});

describe('support contacts in the back office', () => {
  let app: App;
  useTestApp((a) => (app = a), { env: { SUPPORT_WHATSAPP: '+919876543210', SUPPORT_TELEGRAM: 'rupeearcade' } });
  const support = async () => siteSettingsAnswerSchema.parse((await app.inject({ url: '/api/v1/site/settings' })).json()).data.support;

  it('start from the settings, and once an admin saves them the site offers theirs, an empty one not at all, audited', async () => {
    const admin = await createAdmin(app, { accessPages: ['games'] });
    const player = await createPlayer(app);
    const read = await app.inject({ url: '/api/v1/admin/support-contacts', headers: admin.headers });
    expect(read.json().data).toEqual({ whatsapp: '+919876543210', telegram: 'rupeearcade', fromSettings: true });
    const put = (who: { headers: Record<string, string> }, payload: unknown) =>
      app.inject({ method: 'PUT', url: '/api/v1/admin/support-contacts', headers: who.headers, payload: payload as string });
    expect((await put(player, { whatsapp: '', telegram: '' })).statusCode).toBe(403);
    const bad = await put(admin, { whatsapp: 'call us', telegram: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/WhatsApp must be a phone number/);
    const saved = await put(admin, { whatsapp: '+91 90000 00099', telegram: '' });
    expect(saved.json().data).toEqual({ whatsapp: '+919000000099', telegram: '', fromSettings: false });
    expect(await support()).toEqual({ whatsapp: 'https://wa.me/919000000099', telegram: null });
    const [row] = await app.db.select().from(auditLog).where(eq(auditLog.entity, 'site_support'));
    expect(row).toMatchObject({
      actorId: admin.id,
      before: { whatsapp: '+919876543210', telegram: 'rupeearcade' },
      after: { whatsapp: '+919000000099', telegram: '' },
    });
  });
});

describe("the operator's own texts", () => {
  let app: App;
  const pages = mkdtempSync(join(tmpdir(), 'pages-'));
  useTestApp((a) => (app = a), { env: { PAGES_DIR: pages } });
  const read = (page: string) => app.inject({ url: `/api/v1/site/pages/${page}` });

  it('serve PAGES_DIR/terms.md as it is now, and null (the built-in text) when there is none, an empty one or one too long', async () => {
    expect((await read('terms')).json().data).toEqual({ page: 'terms', markdown: null });
    writeFileSync(join(pages, 'safer-play.md'), 'Call our helpline.');
    expect((await read('safer-play')).json().data).toEqual({ page: 'safer-play', markdown: 'Call our helpline.' });
    writeFileSync(join(pages, 'terms.md'), '# Our terms\n\nPlay fair.\n');
    expect((await read('terms')).json().data).toEqual({ page: 'terms', markdown: '# Our terms\n\nPlay fair.\n' });
    writeFileSync(join(pages, 'privacy.md'), '   \n');
    expect((await read('privacy')).json().data.markdown).toBeNull();
    writeFileSync(join(pages, 'privacy.md'), 'x'.repeat(70 * 1024));
    expect((await read('privacy')).json().data.markdown).toBeNull();
  });

  it('serve the Hindi text (terms.hi.md) to a Hindi reader where the operator wrote one, else their own', async () => {
    writeFileSync(join(pages, 'terms.md'), 'Play fair.');
    expect((await app.inject({ url: '/api/v1/site/pages/terms?lang=hi' })).json().data.markdown).toBe('Play fair.');
    writeFileSync(join(pages, 'terms.hi.md'), 'निष्पक्ष खेलें।');
    expect((await app.inject({ url: '/api/v1/site/pages/terms?lang=hi' })).json().data.markdown).toBe('निष्पक्ष खेलें।');
    expect((await app.inject({ url: '/api/v1/site/pages/terms?lang=en' })).json().data.markdown).toBe('Play fair.');
    const bad = await app.inject({ url: '/api/v1/site/pages/terms?lang=fr' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Choose English or Hindi/);
  });

  it('answers only the pages it knows: no other file of the folder, no path out of it', async () => {
    writeFileSync(join(pages, 'secrets.md'), 'nope');
    for (const page of ['secrets', '..%2Fsecrets', 'terms.md']) {
      const res = await read(page);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/The page is one of: terms, privacy, safer-play/);
    }
  });
});
