/*
 * The restore drill (docs/operations.md "Backups"): proves that a backup can be restored and that
 * the restored books balance.
 *
 *   DATABASE_URL=postgres://… npm run restore-drill              dumps DATABASE_URL now, then restores that dump
 *   DATABASE_URL=postgres://… npm run restore-drill -- FILE      restores FILE (a pg_dump custom-format dump)
 *   add --keep to keep the restored database for a look
 *
 * The dump is restored into a new database on the same server (pg_restore), opened by the
 * server's own code (which checks the schema is current), and the ledger check runs on it.
 * Exits 0 when the restored ledger balances, 1 when it does not, 2 when the drill could not run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.js';
import { checkLedger } from '../server/modules/ledger/index.js';
import { scratchDatabase, withoutCredentials } from './lib/scratch-database.mjs';

function fail(message: string): never {
  console.error(`Restore drill: ${message}`);
  process.exit(2);
}

function run(command: string, args: string[]): void {
  const res = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  if (res.error) fail(`${command} could not run (${res.error.message}); install PostgreSQL's client tools.`);
  if (res.status !== 0) fail(`${command} failed:\n${res.stderr}`);
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { keep: { type: 'boolean', default: false } }, allowPositionals: true });
  const source = process.env.DATABASE_URL;
  if (!source) fail('set DATABASE_URL to the PostgreSQL database to dump (or to any database on the server to restore FILE into).');

  const scratch = mkdtempSync(join(tmpdir(), 'restore-drill-'));
  let dump = positionals[0];
  const started = Date.now();
  if (!dump) {
    dump = join(scratch, 'backup.dump');
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${dump}`, source]);
    console.log(`Dumped ${new URL(source).pathname.slice(1)}: ${(statSync(dump).size / 1024).toFixed(0)} KB in ${Date.now() - started} ms`);
  }

  const target = await scratchDatabase('restore_drill', source, { orThrow: true });
  let balanced: boolean;
  try {
    const restoring = Date.now();
    run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, dump]);
    console.log(`Restored into ${target.name} in ${Date.now() - restoring} ms`);

    const database = await openDatabase({ url: target.url, poolSize: 2 });
    try {
      const counts = (await database.db.execute(
        sql`SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM ledger_transfers)::int AS transfers,
                   (SELECT coalesce(sum(balance), 0)::bigint FROM ledger_accounts WHERE user_id IS NOT NULL) AS held`,
      )) as unknown as { rows: { users: number; transfers: number; held: string }[] };
      const { users, transfers, held } = counts.rows[0];
      console.log(`Restored: ${users} users, ${transfers} ledger transfers, ₹${(Number(held) / 100).toFixed(2)} held in players' accounts`);
      const violations = await checkLedger(database.db);
      balanced = violations.length === 0;
      if (balanced) console.log('Ledger check on the restored database: balanced (no rule broken)');
      else {
        console.log(`Ledger check on the restored database: ${violations.length} rule(s) broken`);
        for (const v of violations.slice(0, 20)) console.log(`  ${v.rule}: ${v.detail}`);
      }
    } finally {
      await database.close();
    }
  } finally {
    if (values.keep) console.log(`Kept ${withoutCredentials(target.url)}`);
    else await target.drop();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`Restore drill ${balanced ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(balanced ? 0 : 1);
}

main().catch((err: unknown) => fail((err as Error).message));
