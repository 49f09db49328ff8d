import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../tests/helpers/app.js';
import { createPlayer, type TestUser } from '../../tests/helpers/factories.js';
import type { App } from '../types.js';
import { purgeOnce } from './jobs.js';

const DAY = 86_400_000;

describe('the purge of expired rows', () => {
  let app: App;
  let p: TestUser;
  const now = new Date();
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const rows = async (query: ReturnType<typeof sql>) => ((await app.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    app = await createTestApp();
    p = await createPlayer(app, { balance: 100 });
    const id = p.id;
    await app.db.execute(sql`
      INSERT INTO idempotency_keys (user_id, key, fingerprint, status_code, response, created_at) VALUES
        (${id}, 'old-key', 'f', 200, '{}', ${ago(25 * 3600_000)}), (${id}, 'new-key', 'f', 200, '{}', ${ago(3600_000)})`);
    await app.db.execute(sql`
      INSERT INTO otp_codes (user_id, purpose, channel, code_hash, expires_at) VALUES
        (${id}, 'verify', 'email', 'h', ${ago(2 * DAY)}), (${id}, 'reset', 'email', 'h', ${ago(-600_000)})`);
    await app.db.execute(sql`
      INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at) VALUES
        (${id}, gen_random_uuid(), 'expired-token-hash', ${ago(1000)})`);
    await app.db.execute(sql`
      INSERT INTO auth_throttle (key, failures, blocked_until, updated_at) VALUES
        ('login:quiet@example.com', 7, ${ago(DAY)}, ${ago(2 * DAY)}),
        ('login:recent@example.com', 3, NULL, ${ago(3600_000)}),
        ('login:held@example.com', 20, ${ago(-600_000)}, ${ago(2 * DAY)})`);
    await app.db.execute(sql`
      INSERT INTO demo_players (id, balance, updated_at) VALUES
        ('00000000-0000-4000-8000-00000000d001', 100, ${ago(31 * DAY)}), ('00000000-0000-4000-8000-00000000d002', 100, ${ago(DAY)})`);
  });
  afterAll(() => app.close());

  it('removes what is past its use and keeps everything that still decides something', async () => {
    const removed = await purgeOnce(app.db, now);
    expect(removed['idempotency keys']).toBeGreaterThanOrEqual(1);
    expect(removed['idle demo players']).toBeGreaterThanOrEqual(1);

    expect((await rows(sql`SELECT key FROM idempotency_keys WHERE user_id = ${p.id}`)).map((r) => r.key)).toEqual(['new-key']);
    expect((await rows(sql`SELECT purpose FROM otp_codes WHERE user_id = ${p.id}`)).map((r) => r.purpose)).toEqual(['reset']);
    expect(await rows(sql`SELECT 1 FROM refresh_tokens WHERE token_hash = 'expired-token-hash'`)).toEqual([]);
    expect((await rows(sql`SELECT key FROM auth_throttle WHERE key LIKE 'login:%@example.com' ORDER BY key`)).map((r) => r.key)).toEqual([
      'login:held@example.com',
      'login:recent@example.com',
    ]);
    expect((await rows(sql`SELECT id FROM demo_players WHERE id::text LIKE '00000000-0000-4000-8000-00000000d00%'`)).map((r) => r.id)).toEqual([
      '00000000-0000-4000-8000-00000000d002',
    ]);
  });

  it('leaves a live session working', async () => {
    await purgeOnce(app.db, now);
    const res = await app.inject({ url: `/api/v1/users/balance/${p.id}`, headers: p.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ balance: 100 });
  });
});
