/*
 * The money path at database speed: Chicken Road rounds played over HTTP against the real server,
 * set against PostgreSQL's own benchmark on the same database server. Writes the numbers into
 * bench/RESULTS.md between the money markers; a re-run replaces them.
 *
 * The server runs as its own process (production mode, `node --import tsx server/index.ts`);
 * the players run in another (bench/money/load.ts), each signed up through the real path
 * (register, the e-mailed code from a local SMTP server, sign-in, a deposit the admin approves).
 * On PostgreSQL, pgbench (its default TPC-B-like transaction, scale = the most players) runs with
 * the same number of clients just before and just after each back-to-back load.
 *
 *   npm run bench                        everything, 20 s per load
 *   BENCH_SECONDS=5 npm run bench        shorter
 *   BENCH_ONLY=postgres|pglite           one database
 *   BENCH_PG_URL=postgres://…/postgres   the PostgreSQL server (default: the local one, user postgres, over
 *                                        its Unix socket when it has one, for the server and pgbench alike)
 *   BENCH_PLAYERS=32                     only the rows with that many players (trying a change)
 *   BENCH_PROFILE=/tmp/prof              the server's CPU profile, written there when it stops
 */
import { ensurePaymentTarget } from '../../tests/helpers/payment-target.js';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startFakeSmtp, type FakeSmtp } from '../../tests/fakes/smtp.js';
import { freePort, memoryBreakdown, percentile, rssMiB, waitHealthy, writeSection, type MemoryBreakdown } from '../lib.js';
import { STARTUP_SETTLES_MS } from '../../server/lib/memory.js';
import { SERVER_ARGS, SERVER_ENV } from '../../scripts/lib/server-command.mjs';
import type { LoadResult } from './load.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Math.min(3, SECONDS / 5);
const PGBENCH_SCALE = 32;
const PGBENCH_SECONDS = Math.max(5, Math.round(SECONDS / 2));
// The local server over its Unix socket, as a server on the same machine connects (pgbench too).
const PG_URL =
  process.env.BENCH_PG_URL ??
  (existsSync('/var/run/postgresql/.s.PGSQL.5432')
    ? 'postgres://postgres@localhost/postgres?host=/var/run/postgresql'
    : 'postgres://postgres@localhost:5432/postgres');
const ONLY = process.env.BENCH_ONLY;
const LOAD_AT_START = os.loadavg()[0];
const ADMIN = { email: 'bench.admin@example.com', password: 'Bench#Admin#Password1' };
const PLAYER_PASSWORD = 'Bench#Player1';
const ROOT = new URL('../..', import.meta.url).pathname;

/** CPU seconds a process has used so far (user + system). */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
/** CPU seconds used so far by each process with this command name (PostgreSQL's server processes), by pid. */
const cpuSecondsOf = (command: string) => {
  const used = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === command) used.set(pid, cpuSeconds(Number(pid)));
    } catch {
      /* gone */
    }
  }
  return used;
};
/** What those processes used between two readings (a process that ended meanwhile is not counted). */
const cpuSecondsBetween = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);
const dbUrl = (name: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

interface Row {
  database: 'PostgreSQL' | 'PGlite (embedded)';
  players: number;
  pauseMs: number;
  load: LoadResult;
  pgbenchBefore?: number;
  pgbenchAfter?: number;
  /** pgbench paced at the paused players' call rate: its own latency at that load. */
  pgbenchPaced?: { p50: number; p99: number };
  rssMiB: number;
  /** Where the memory was at the end of the load. */
  loadMemory: MemoryBreakdown;
  /** CPU time per call, in ms: the server process, the players' process, PostgreSQL's processes. */
  serverCpuMs: number;
  playersCpuMs: number;
  postgresCpuMs: number;
  ledgerOk: boolean;
}

/** pgbench's transactions per second with `clients` clients on its own database. */
function pgbench(database: string, clients: number): number {
  const out = execFileSync(
    'pgbench',
    ['-n', '-c', String(clients), '-j', String(Math.min(clients, os.cpus().length)), '-T', String(PGBENCH_SECONDS), dbUrl(database)],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${out}`);
  return Number(tps);
}

/**
 * pgbench paced at `rate` transactions a second with `clients` clients, as the paused players
 * pace their calls: its transaction latency p50 and p99 in ms (from its per-transaction log,
 * measured from each transaction's scheduled start), the database's own at that load.
 */
function pgbenchPaced(database: string, clients: number, rate: number): { p50: number; p99: number } {
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-pgbench-'));
  try {
    execFileSync(
      'pgbench',
      [
        '-n',
        '-c',
        String(clients),
        '-j',
        String(os.cpus().length),
        '-R',
        String(Math.round(rate)),
        '-T',
        String(SECONDS),
        '-l',
        '--log-prefix',
        join(dir, 'log'),
        dbUrl(database),
      ],
      { stdio: 'ignore' },
    );
    // Each line: client, transaction, latency in µs, script, epoch s, epoch µs, schedule lag in µs.
    const ms = readdirSync(dir)
      .flatMap((f) => readFileSync(join(dir, f), 'utf8').split('\n'))
      .flatMap((line) => (line ? [Number(line.split(' ')[2]) / 1000] : []))
      .sort((a, b) => a - b);
    return { p50: percentile(ms, 50), p99: percentile(ms, 99) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function json<T>(res: Response, what: string): Promise<T> {
  const body = (await res.json().catch(() => ({}))) as T & { message?: string };
  if (!res.ok) throw new Error(`${what}: ${res.status} ${body.message ?? ''}`);
  return body;
}

class Server {
  private child!: ChildProcess;
  base = '';
  constructor(private readonly env: Record<string, string>) {}

  get pid() {
    return this.child.pid!;
  }

  /** On the embedded database (no DATABASE_URL). */
  get embedded() {
    return !this.env.DATABASE_URL;
  }

  async start(): Promise<void> {
    const port = await freePort();
    this.base = `http://127.0.0.1:${port}`;
    // BENCH_PROFILE=<folder> writes the server's CPU profile there when it stops.
    const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    this.child = spawn(process.execPath, [...profile, ...SERVER_ARGS], {
      cwd: ROOT,
      env: { ...process.env, ...SERVER_ENV, ...this.env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitHealthy(this.base, () => this.child.exitCode !== null);
  }

  call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    return fetch(`${this.base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((res) => json<T>(res, `${method} ${path}`));
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}

/** Signs a player up as the register screen does, verifies the e-mailed code, signs in and funds them through an approved deposit. */
async function makePlayer(server: Server, smtp: FakeSmtp, adminToken: string, n: number): Promise<string> {
  const email = `bench.${n}.${Date.now().toString(36)}@bench.test`;
  const phoneNumber = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const registered = await server.call<{ userId: string }>('POST', '/api/v1/users/register', {
    fullName: `Bench Player ${n.toString(26).replace(/./g, (d) => String.fromCharCode(65 + parseInt(d, 26)))}`,
    email,
    phoneNumber,
    password: PLAYER_PASSWORD,
    ref_by: null,
    ageConfirmed: true,
  });
  const mail = await smtp.waitFor(email);
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no code in the e-mail to ${email}`);
  await server.call('POST', '/api/v1/otp/verify', { userId: registered.userId, emailOTP: code });
  const login = await server.call<{ data: { accessToken: string } }>('POST', '/api/v1/users/login', { email, password: PLAYER_PASSWORD });
  const token = login.data.accessToken;
  const deposit = await server.call<{ data: { _id: string } }>(
    'POST',
    '/api/v1/wallet/deposit',
    { amount: 50000, method: 'UPI', details: { payNumber: `BENCH${n}${Date.now()}` } },
    token,
  );
  await server.call('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id: deposit.data._id, status: 'approved' }, adminToken);
  return token;
}

async function runLoad(base: string, tokens: string[], pauseMs: number): Promise<{ load: LoadResult; cpu: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/money/load.ts'], { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] });
  const out: Buffer[] = [];
  let cpu = 0;
  child.stdout!.on('data', (c: Buffer) => {
    out.push(c);
    cpu = cpuSeconds(child.pid!); // read before the process is gone: it writes its answer last
  });
  child.stdin!.end(JSON.stringify({ base, tokens, seconds: SECONDS, warmupSeconds: WARMUP, pauseMs }));
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  if (code !== 0) throw new Error(`the load process exited with ${code}`);
  return { load: JSON.parse(Buffer.concat(out).toString('utf8')) as LoadResult, cpu };
}

/** Runs a load while sampling the server's resident memory; answers the load and the largest RSS seen. */
async function measured(server: Server, tokens: string[], pauseMs: number) {
  let rss = rssMiB(server.pid);
  const sampler = setInterval(() => (rss = Math.max(rss, rssMiB(server.pid))), 500);
  const [serverBefore, postgresBefore] = [cpuSeconds(server.pid), cpuSecondsOf('postgres')];
  try {
    const { load, cpu } = await runLoad(server.base, tokens, pauseMs);
    // Spread over every call made, warm-up included (about calls × (warm-up + measured) ÷ measured).
    const perCall = (seconds: number) => (seconds * 1000) / (load.calls * ((SECONDS + WARMUP) / SECONDS));
    return {
      load,
      rss,
      loadMemory: await memoryBreakdown(server.pid, server.base, server.embedded),
      serverCpuMs: perCall(cpuSeconds(server.pid) - serverBefore),
      playersCpuMs: perCall(cpu),
      postgresCpuMs: perCall(cpuSecondsBetween(postgresBefore, cpuSecondsOf('postgres'))),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** Each database's server once started and idle. */
const idle: { database: string; memory: MemoryBreakdown }[] = [];

async function benchDatabase(kind: 'postgres' | 'pglite', smtp: FakeSmtp): Promise<Row[]> {
  const rows: Row[] = [];
  const stamp = `${process.pid}_${Date.now().toString(36)}`;
  const appDb = `bench_app_${stamp}`;
  const pgbenchDb = `bench_pgbench_${stamp}`;
  const dataDir = mkdtempSync(join(os.tmpdir(), 'bench-money-'));
  const admin = new pg.Client({ connectionString: PG_URL });
  const plan =
    kind === 'postgres'
      ? [
          { players: 1, pauseMs: 0 },
          { players: 16, pauseMs: 0 },
          { players: 32, pauseMs: 0 },
          { players: 64, pauseMs: 250 },
        ]
      : [
          { players: 1, pauseMs: 0 },
          { players: 4, pauseMs: 0 },
        ];
  // BENCH_PLAYERS=32 (or 1,32) runs only those rows: for trying a change quickly, not for RESULTS.md.
  if (process.env.BENCH_PLAYERS) {
    const keep = process.env.BENCH_PLAYERS.split(',').map(Number);
    plan.splice(0, plan.length, ...plan.filter((p) => keep.includes(p.players)));
  }
  const most = Math.max(...plan.map((p) => p.players));
  if (kind === 'postgres') {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${appDb}`);
    await admin.query(`CREATE DATABASE ${pgbenchDb}`);
    execFileSync('pgbench', ['-i', '-q', '-s', String(PGBENCH_SCALE), dbUrl(pgbenchDb)], { stdio: 'ignore' });
  }
  const server = new Server({
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    DATABASE_URL: kind === 'postgres' ? dbUrl(appDb) : '',
    DATA_DIR: dataDir,
    REDIS_URL: '',
    SMTP_URL: smtp.url,
    OTP_CHANNELS: 'email',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_2FA: '0',
    // Sign-ups come from one address here; the limit guards sign-in, not the money path measured.
    RATE_LIMIT_MAX: '100000',
    DEPOSIT_MAX: '100000',
    // One admin funds every player before the measured play: the two-admin rules and the daily
    // limit of approvals (decision 27) are set out of the way of the set-up.
    DEPOSIT_SECOND_APPROVAL_ABOVE: '10000000',
    ADMIN_DAILY_APPROVAL_LIMIT: '100000000',
  });
  try {
    await server.start();
    // Idle, as an operator's server is once started: the colour chain made, start-up's memory given back.
    await server.call('GET', '/api/v1/color/state');
    await new Promise((resolve) => setTimeout(resolve, STARTUP_SETTLES_MS + 3000));
    idle.push({
      database: kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)',
      memory: await memoryBreakdown(server.pid, server.base, kind === 'pglite'),
    });
    const adminToken = (await server.call<{ data: { accessToken: string } }>('POST', '/api/v1/users/login', ADMIN)).data.accessToken;
    await ensurePaymentTarget(server.base, adminToken);
    const tokens: string[] = [];
    for (let i = 0; i < most; i++) tokens.push(await makePlayer(server, smtp, adminToken, i));
    for (const step of plan) {
      const players = tokens.slice(0, step.players);
      // Each measurement starts with the previous one's writes on disk: otherwise the kernel writes
      // them back during the next one (it holds dirty pages up to 30 s), and commits wait behind it.
      const settle = async () => {
        if (kind === 'postgres') await admin.query('CHECKPOINT');
        execFileSync('sync');
      };
      await settle();
      const pgbenchBefore = kind === 'postgres' && !step.pauseMs ? pgbench(pgbenchDb, step.players) : undefined;
      await settle();
      const { load, rss, loadMemory, serverCpuMs, playersCpuMs, postgresCpuMs } = await measured(server, players, step.pauseMs);
      await settle();
      const pgbenchAfter = kind === 'postgres' && !step.pauseMs ? pgbench(pgbenchDb, step.players) : undefined;
      const pgbenchAtRate = kind === 'postgres' && step.pauseMs ? pgbenchPaced(pgbenchDb, step.players, load.calls / load.seconds) : undefined;
      const check = await server.call<{ data: { ok: boolean } }>('GET', '/api/v1/admin/ledger/check', undefined, adminToken);
      const row: Row = {
        database: kind === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)',
        players: step.players,
        pauseMs: step.pauseMs,
        load,
        pgbenchBefore,
        pgbenchAfter,
        pgbenchPaced: pgbenchAtRate,
        rssMiB: rss,
        loadMemory,
        serverCpuMs,
        playersCpuMs,
        postgresCpuMs: kind === 'postgres' ? postgresCpuMs : NaN,
        ledgerOk: check.data.ok,
      };
      rows.push(row);
      console.log(summary(row));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    if (kind === 'postgres') {
      await admin.query(`DROP DATABASE IF EXISTS ${appDb}`).catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${pgbenchDb}`).catch(() => undefined);
      await admin.end();
    }
  }
  return rows;
}

const fmt = (n: number | undefined, digits = 1) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(digits));

function figures(row: Row) {
  const sorted = [...row.load.callMs].sort((a, b) => a - b);
  const callsPerS = row.load.calls / row.load.seconds;
  const transfersPerS = row.load.transfers / row.load.seconds;
  const pgbenchTps = row.pgbenchBefore !== undefined && row.pgbenchAfter !== undefined ? (row.pgbenchBefore + row.pgbenchAfter) / 2 : undefined;
  return {
    callsPerS,
    transfersPerS,
    roundsPerS: row.load.rounds / row.load.seconds,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    pgbenchTps,
    callRatio: pgbenchTps ? callsPerS / pgbenchTps : undefined,
    transferRatio: pgbenchTps ? transfersPerS / pgbenchTps : undefined,
  };
}

function summary(row: Row): string {
  const f = figures(row);
  return `${row.database}, ${row.players} players${row.pauseMs ? ` pausing ${row.pauseMs} ms` : ''}: ${fmt(f.roundsPerS)} rounds/s, ${fmt(f.callsPerS)} calls/s, p50 ${fmt(f.p50)} ms, p99 ${fmt(f.p99)} ms, ratio ${fmt(f.callRatio, 2)}, CPU ms/call server ${fmt(row.serverCpuMs, 2)} players ${fmt(row.playersCpuMs, 2)} postgres ${fmt(row.postgresCpuMs, 2)}${row.pgbenchPaced ? `, pgbench paced p50 ${fmt(row.pgbenchPaced.p50)} p99 ${fmt(row.pgbenchPaced.p99)} ms` : ''}, server RSS ${row.rssMiB} MiB, errors ${row.load.errors}${row.load.errorSamples.length ? ` (${row.load.errorSamples.join('; ')})` : ''}`;
}

function table(rows: Row[]): string {
  const head =
    '| Database | Players | Pause after each call | Rounds/s | Calls/s | Transfers/s | pgbench tps (before / after) | Calls ÷ pgbench | Transfers ÷ pgbench | Call p50 | Call p99 | CPU ms per call: server / players / PostgreSQL | Server RSS (MiB) | Errors | Ledger balanced |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const lines = rows.map((row) => {
    const f = figures(row);
    const tps =
      row.pgbenchBefore !== undefined
        ? `${fmt(row.pgbenchBefore, 0)} / ${fmt(row.pgbenchAfter, 0)}`
        : row.pgbenchPaced
          ? `paced at our calls/s: p50 ${fmt(row.pgbenchPaced.p50)}, p99 ${fmt(row.pgbenchPaced.p99)} ms`
          : '–';
    return `| ${row.database} | ${row.players} | ${row.pauseMs ? `${row.pauseMs} ms on average` : 'none'} | ${fmt(f.roundsPerS)} | ${fmt(f.callsPerS)} | ${fmt(f.transfersPerS)} | ${tps} | ${f.callRatio === undefined ? '–' : `**${fmt(f.callRatio, 2)}**`} | ${fmt(f.transferRatio, 2)} | ${fmt(f.p50)} | ${fmt(f.p99)} | ${fmt(row.serverCpuMs, 2)} / ${fmt(row.playersCpuMs, 2)} / ${fmt(row.postgresCpuMs, 2)} | ${row.rssMiB} | ${row.load.errors} | ${row.ledgerOk ? 'yes' : '**no**'} |`;
  });
  return [head, ...lines].join('\n');
}

/** The server's resident memory idle and under each load, and where it is (bench/lib.ts memoryBreakdown). */
function memorySection(rows: Row[]): string {
  const cells = (m: MemoryBreakdown) => `**${m.rss}** | ${m.wasm || '–'} | ${m.v8Heap} | ${m.files} | ${m.native}`;
  const lines = [
    ...idle.map((i) => `| ${i.database} | idle | ${cells(i.memory)} |`),
    ...rows.map((r) => `| ${r.database} | ${r.players} players${r.pauseMs ? ' pausing' : ''}, largest ${r.rssMiB} | ${cells(r.loadMemory)} |`),
  ];
  return `## Memory

The server's resident memory (RSS, MiB) once started and idle, with nobody connected (the colour
chain of the default million periods made, ${STARTUP_SETTLES_MS / 1000} s for start-up's memory to go back, then 3 s),
and at the end of each load of the table above ("largest" is the most seen during it), on a new
DATA_DIR, started as \`npm start\` starts it (its V8 flags included). Where it is, read from outside
the process: **WebAssembly**, the embedded database's memory in use (the resident part of the
anonymous mapping of at least 128 MiB that holds it, from /proc/PID/smaps); **V8 heap**, the
JavaScript heap V8 has committed (\`nodejs_heap_size_total_bytes\` of /metrics); **files**, the
resident part of mapped files (Node.js itself, native modules); **native**, the rest: the C
allocator's memory (buffers, TLS, the PostgreSQL driver), V8's compiled code (the database's
WebAssembly compiled to machine code among it) and thread stacks. Date and machine as above.
Goal for the embedded default: at most 256 MiB idle (checked by tests/server/memory-budget.test.ts
in \`npm test\`), at most 320 MiB under the 4-player load.

| Database | When | RSS | WebAssembly | V8 heap | Files | Native |
|---|---|---|---|---|---|---|
${lines.join('\n')}`;
}

function pgVersion(): string {
  try {
    return execFileSync('psql', [PG_URL, '-Atc', 'SHOW server_version'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  const smtp = await startFakeSmtp();
  const rows: Row[] = [];
  try {
    if (ONLY !== 'pglite') rows.push(...(await benchDatabase('postgres', smtp)));
    if (ONLY !== 'postgres') rows.push(...(await benchDatabase('pglite', smtp)));
  } finally {
    await smtp.close();
  }
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const section = `## The money path against PostgreSQL's own benchmark

Chicken Road rounds over HTTP: \`start\` (Easy, ₹10), up to three \`go\`, then \`stop\` while the
round is still open (a trap ends 12 % of rounds early). The server runs as its own process in
production mode; the players run in another process, each on its own keep-alive connection with
its bearer token, signed up through the real path (register, the e-mailed code, sign-in, a
deposit the admin approves). Every call is one database transaction, as every pgbench
transaction is. pgbench (its default TPC-B-like transaction, scale ${PGBENCH_SCALE}) runs on the same PostgreSQL
server with the same number of clients for ${PGBENCH_SECONDS} s just before and just after each back-to-back
load; the ratios divide by the mean of the two. Before each of these runs the previous one's writes
are flushed to disk (CHECKPOINT, then sync), so none measures another's write-back. The players
who pause wait 125–375 ms at random (250 ms on average) after each call. For the players who pause, pgbench runs after
them paced at their calls per second with as many clients, for the database's own latency at
that load. A transfer is one double-entry ledger transfer
(a bet, or a payout). ${SECONDS} s measured per row after a ${WARMUP} s warm-up; latencies in ms; RSS is the
server's largest resident set during the load. The ledger check runs after every row.
Run: \`npm run bench\` (bench/money/run.ts, bench/money/load.ts).

- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC
- Machine: ${os.cpus().length} CPUs (${cpu}); ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory; ${os.type()} ${os.release()}
- Load average when the run started: ${LOAD_AT_START.toFixed(1)}; the server, the players, PostgreSQL and pgbench share the machine's CPUs
- Node ${process.version}; PostgreSQL ${pgVersion()} on the same machine (loopback); PGlite in a temporary DATA_DIR

${table(rows)}`;
  const memory = memorySection(rows);
  console.log(memory);
  // A run of some rows only (BENCH_ONLY, BENCH_PLAYERS) is for trying a change: it prints, and keeps the full table.
  if (ONLY || process.env.BENCH_PLAYERS) return;
  writeSection('money', section);
  writeSection('memory', memory);
}

await main();
