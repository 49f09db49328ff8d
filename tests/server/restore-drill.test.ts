import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/app.js';
import { requiredOnCi } from '../helpers/ci.js';
import { createPlayer, type TestUser } from '../helpers/factories.js';
import type { App } from '../../server/types.js';

// The restore drill of docs/operations.md against this worker's PostgreSQL database (the name
// tests/helpers/db.ts gives it). Runs in the PostgreSQL pass, where pg_dump and pg_restore are.
const base = process.env.TEST_DATABASE_URL;
const hasTools = spawnSync('pg_restore', ['--version']).status === 0;

function workerUrl(): string {
  const url = new URL(base!);
  url.pathname = `/${url.pathname.slice(1) || 'test'}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  return url.toString();
}

function drill(): { status: number | null; out: string } {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore-drill.ts'], {
    env: { ...process.env, DATABASE_URL: workerUrl() },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: res.status, out: `${res.stdout}${res.stderr}` };
}

requiredOnCi(!base || hasTools, "PostgreSQL's pg_dump and pg_restore (Debian's postgresql-client)");

// Each drill is a process of its own (start-up, pg_dump, pg_restore, the check): on a busy machine
// it takes longer than the default 30 s; the drill's own limit is 120 s.
describe.skipIf(!base || !hasTools)('the restore drill', { timeout: 120_000 }, () => {
  let app: App;
  let p: TestUser;
  beforeAll(async () => {
    app = await createTestApp();
    p = await createPlayer(app, { balance: 750 });
    const start = await app.inject({ method: 'POST', url: '/api/v1/chicken-road/start', headers: p.headers, payload: { betAmount: 10, difficulty: 'Easy' } });
    expect(start.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('dumps the database, restores it into a new one and finds the ledger balanced', () => {
    const { status, out } = drill();
    expect(out).toMatch(/Restored: \d+ users, \d+ ledger transfers/);
    expect(out).toContain('Ledger check on the restored database: balanced');
    expect(status).toBe(0);
  });

  it('fails, naming the broken rule, when the books it restores do not balance', async () => {
    const account = sql`(SELECT id FROM ledger_accounts WHERE user_id = ${p.id} AND kind = 'wallet')`;
    await app.db.execute(sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE id = ${account}`);
    try {
      const { status, out } = drill();
      expect(out).toContain('stored balance differs from its transfers');
      expect(status).toBe(1);
    } finally {
      await app.db.execute(sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE id = ${account}`);
    }
  });
});
