/*
 * Chicken Road throughput: full rounds (start, three steps, cash-out) per second and their
 * latency, through app.inject, on embedded PGlite and on a PostgreSQL server. Writes the
 * numbers into bench/RESULTS.md between the chicken markers.
 *
 *   npm run bench                       both databases, ~20 s each
 *   BENCH_SECONDS=5 npm run bench       shorter
 *   BENCH_DATABASE_URL=postgres://…     a PostgreSQL database to use (emptied tables are not needed:
 *                                       players are new); otherwise a fresh database is created on
 *                                       postgres://postgres@localhost:5432 and dropped afterwards.
 *   BENCH_ONLY=pglite|postgres          one of the two
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { App } from '../../server/types.js';
import { createPlayer, type TestUser } from '../../tests/helpers/factories.js';
import { checkLedger } from '../../server/modules/ledger/ledger.service.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const LOAD_AT_START = os.loadavg()[0];
const WARMUP_SECONDS = Math.min(3, SECONDS / 5);
const RESULTS = new URL('../RESULTS.md', import.meta.url);
const START_MARK = '<!-- chicken:start -->';
const END_MARK = '<!-- chicken:end -->';

interface Result {
  database: string;
  players: number;
  seconds: number;
  rounds: number;
  requests: number;
  errors: number;
  roundMs: number[];
  requestMs: number[];
  ledgerOk: boolean;
}

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

async function playRounds(app: App, players: TestUser[], seconds: number, record: boolean, result: Result): Promise<void> {
  const deadline = performance.now() + seconds * 1000;
  const send = async (p: TestUser, url: string, payload: object) => {
    const t0 = performance.now();
    const res = await app.inject({ method: 'POST', url: `/api/v1/chicken-road/${url}`, headers: p.headers, payload });
    if (record) {
      result.requestMs.push(performance.now() - t0);
      result.requests++;
      if (res.statusCode !== 200) result.errors++;
    }
    return res.json() as { data?: { roundId: string; state: string } };
  };
  await Promise.all(
    players.map(async (p) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const started = await send(p, 'start', { betAmount: 10, difficulty: 'Easy', userId: p.id, gameType: 'chicken' });
        const roundId = started.data?.roundId;
        let state = started.data?.state;
        for (let i = 0; i < 3 && state === 'playing'; i++) state = (await send(p, 'go', { roundId })).data?.state;
        if (state === 'playing') await send(p, 'stop', { roundId });
        if (record) {
          result.roundMs.push(performance.now() - t0);
          result.rounds++;
        }
      }
    }),
  );
}

async function measure(database: string, env: Record<string, string>, players: number): Promise<Result> {
  // Production settings; no code is sent during a benchmark, so the mail and SMS addresses are placeholders.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    SMTP_URL: 'smtp://127.0.0.1:9',
    SMS_URL: 'http://127.0.0.1:9/sms',
    ...env,
  });
  const app = await buildApp({ config, logger: false });
  await app.ready();
  try {
    const team: TestUser[] = [];
    const tag = String(Date.now()).slice(-5);
    for (let i = 0; i < players; i++) team.push(await createPlayer(app, { balance: 1_000_000, phoneNumber: `+9170${tag}${String(i).padStart(3, '0')}` }));
    const result: Result = { database, players, seconds: SECONDS, rounds: 0, requests: 0, errors: 0, roundMs: [], requestMs: [], ledgerOk: false };
    await playRounds(app, team, WARMUP_SECONDS, false, result);
    const t0 = performance.now();
    await playRounds(app, team, SECONDS, true, result);
    result.seconds = (performance.now() - t0) / 1000;
    result.ledgerOk = (await checkLedger(app.db)).length === 0;
    return result;
  } finally {
    await app.close();
  }
}

async function postgresUrl(): Promise<{ url: string; drop?: () => Promise<void> }> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL };
  const base = 'postgres://postgres@localhost:5432/postgres';
  const name = `bench_chicken_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  return {
    url: `postgres://postgres@localhost:5432/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ server_version: string }>('SHOW server_version');
  await c.end();
  return rows[0].server_version;
}

function row(r: Result): string {
  const round = [...r.roundMs].sort((a, b) => a - b);
  const request = [...r.requestMs].sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(1);
  return `| ${r.database} | ${r.players} | ${f(r.seconds)} | ${r.rounds} | **${f(r.rounds / r.seconds)}** | ${f(r.requests / r.seconds)} | ${f(percentile(round, 50))} | ${f(percentile(round, 99))} | ${f(percentile(request, 50))} | ${f(percentile(request, 99))} | ${r.errors} | ${r.ledgerOk ? 'yes' : '**NO**'} |`;
}

function machine(pgVersion: string | null): string {
  const cpu = os.cpus()[0]?.model?.trim() ?? 'unknown CPU';
  let nproc = String(os.availableParallelism());
  try {
    nproc = execSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    /* os.availableParallelism() is close enough */
  }
  return [
    `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    `- Machine: ${nproc} CPUs (\`nproc\`), ${cpu}; ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory; ${os.type()} ${os.release()}`,
    `- Load average when the run started: ${LOAD_AT_START.toFixed(1)} (other work on the machine slows every number)`,
    `- Node ${process.version}; PGlite on disk (a temporary DATA_DIR)${pgVersion ? `; PostgreSQL ${pgVersion} on the same machine (loopback), pool of 20` : ''}`,
  ].join('\n');
}

function writeResults(results: Result[], pgVersion: string | null): void {
  const section = [
    START_MARK,
    '## Chicken Road: full rounds',
    '',
    'One round = `start` (Easy, ₹10) → up to three `go` → `stop` when still playing (a trap ends a',
    'round early, 12 % of the time). Each call goes through the whole app (`app.inject`: routing, zod,',
    'auth with a fresh user read, row locks, ledger transfers, commit). Virtual players play',
    `concurrently, each its own rounds, for about ${SECONDS} s after a ${WARMUP_SECONDS} s warm-up. Latencies in ms.`,
    `Run: \`npm run bench\` (bench/chicken/run.ts).`,
    '',
    machine(pgVersion),
    '',
    '| Database | Players | Seconds | Rounds | Rounds/s | Calls/s | Round p50 | Round p99 | Call p50 | Call p99 | Errors | Ledger balanced |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(row),
    '',
    'PGlite is one embedded connection: calls run one at a time, so more players only queue. On',
    'PostgreSQL, players run in parallel; a round locks only its own rows (the seed pair, the round,',
    'the wallet), and the house account is append-only, so players do not serialise on it.',
    END_MARK,
  ].join('\n');
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const start = current.indexOf(START_MARK);
  const end = current.indexOf(END_MARK);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END_MARK.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(RESULTS, next);
}

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY;
  const results: Result[] = [];
  let pgVersion: string | null = null;

  if (only !== 'postgres') {
    const dir = mkdtempSync(join(os.tmpdir(), 'bench-chicken-'));
    try {
      console.log(`PGlite: ${SECONDS} s …`);
      results.push(await measure('PGlite (embedded)', { DATA_DIR: dir }, 4));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (only !== 'pglite') {
    const { url, drop } = await postgresUrl();
    try {
      pgVersion = await serverVersion(url);
      for (const players of [1, 16]) {
        console.log(`PostgreSQL, ${players} players: ${SECONDS} s …`);
        results.push(await measure('PostgreSQL', { DATABASE_URL: url, DATA_DIR: mkdtempSync(join(os.tmpdir(), 'bench-chicken-')) }, players));
      }
    } finally {
      await drop?.();
    }
  }
  for (const r of results) console.log(row(r));
  writeResults(results, pgVersion);
  console.log(`Wrote ${RESULTS.pathname}`);
  if (results.some((r) => r.errors > 0 || !r.ledgerOk)) process.exitCode = 1;
}

await main();
