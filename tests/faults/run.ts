/*
 * Faults: the real server under mixed load over HTTP while it is killed with SIGKILL at random
 * moments and started again. Afterwards:
 *   - the ledger's invariants hold (the ledger check finds nothing);
 *   - every call answered with success is in the database with the effect it answered;
 *   - no round, bet, spin or period is left half-settled (each has exactly the transfers its
 *     state calls for), and the colour game has every period from the first to the last.
 * With Redis at hand, two servers share the database and Redis and one of them is killed each
 * time: the other keeps serving and takes over the colour engine, and no period is lost.
 *
 *   npm run test:faults    (needs PostgreSQL: TEST_DATABASE_URL, or a local server at :5432)
 *   FAULTS_KILLS=40 npm run test:faults
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.js';
import { checkLedger } from '../../server/modules/ledger/index.js';
import { IN_CI } from '../../scripts/lib/ci.mjs';
import { scratchDatabase, withoutCredentials } from '../../scripts/lib/scratch-database.mjs';
import { freePort, startServer, type ServerProcess } from '../helpers/server-process.js';

const KILLS = Number(process.env.FAULTS_KILLS ?? 24);
const PLAYERS = Number(process.env.FAULTS_PLAYERS ?? 10);
const ROUND_SECONDS = 10;
const ADMIN = { email: 'admin@faults.test', password: 'Faults#Admin-2024' };
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const log = (line: string) => console.log(`[faults] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rand = (n: number) => Math.floor(Math.random() * n);
const paise = (rupees: number) => Math.round(rupees * 100);

async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** What a call that was answered with success said, to be found in the database afterwards. */
type Answered =
  | { kind: 'register'; userId: string }
  | { kind: 'deposit'; id: string; userId: string; amount: number }
  | { kind: 'approve'; id: string }
  | { kind: 'withdraw'; id: string; userId: string; amount: number }
  | { kind: 'decide-withdrawal'; id: string; status: 'approved' | 'rejected' }
  | { kind: 'chicken-start'; roundId: string; bet: number }
  | { kind: 'chicken-end'; roundId: string; state: 'won' | 'lost'; payout: number }
  | { kind: 'color-bet'; id: string; amount: number; selection: string }
  | { kind: 'spin'; id: string; amount: number };

const answered: Answered[] = [];
const counts = { calls: 0, ok: 0, refused: 0, unanswered: 0 };

/** The servers under test: calls go to one that is up; the killer takes them down and up. */
class Cluster {
  servers: (ServerProcess | null)[] = [];
  constructor(
    private env: Record<string, string>,
    private ports: number[],
  ) {}
  async start(i: number) {
    this.servers[i] = await startServer(this.env, this.ports[i]);
  }
  up(): ServerProcess[] {
    return this.servers.filter((s): s is ServerProcess => s !== null);
  }
  pick(): string {
    const up = this.up();
    return (up.length ? up[rand(up.length)] : { url: `http://127.0.0.1:${this.ports[0]}` }).url;
  }
  kill(i: number) {
    const s = this.servers[i];
    this.servers[i] = null;
    s?.child.kill('SIGKILL');
    return s;
  }
}

let cluster: Cluster;

async function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  key?: string,
): Promise<{ status: number; json: Record<string, unknown> } | null> {
  counts.calls++;
  try {
    const res = await fetch(`${cluster.pick()}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 500) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    if (res.ok) counts.ok++;
    else counts.refused++;
    return { status: res.status, json };
  } catch (err) {
    if (err instanceof Error && / answered 5\d\d/.test(err.message)) throw err;
    counts.unanswered++;
    return null;
  }
}

const data = <T>(res: { json: Record<string, unknown> }) => res.json.data as T;

async function codeFor(to: string, channel: 'email' | 'sms'): Promise<string | null> {
  for (let i = 0; i < 40; i++) {
    const res = await call('GET', `/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    const found = res?.status === 200 ? data<{ channel: string; code: string }[]>(res).find((m) => m.channel === channel && m.code) : undefined;
    if (found) return found.code;
    await sleep(150);
  }
  return null;
}

let phoneSeq = 0;
/** Registers, verifies and signs in a player through the API; null when a kill got in the way. */
async function newPlayer(tag: string): Promise<{ userId: string; token: string } | null> {
  const email = `${tag}.${Date.now().toString(36)}${rand(1e6)}@faults.test`;
  const phoneNumber = `+9198${String(10_000_000 + ((Date.now() + phoneSeq++ * 7919) % 89_999_999)).slice(0, 8)}`;
  const password = 'Faults#Player-2024';
  const reg = await call('POST', '/api/v1/users/register', { fullName: 'Fault Player', email, phoneNumber, password, ref_by: null, ageConfirmed: true });
  if (!reg || reg.status >= 300) return null;
  const userId = reg.json.userId as string;
  answered.push({ kind: 'register', userId });
  const emailOTP = await codeFor(email, 'email');
  const smsOTP = await codeFor(phoneNumber, 'sms');
  if (!emailOTP || !smsOTP) return null;
  const ver = await call('POST', '/api/v1/otp/verify', { userId, emailOTP, smsOTP });
  if (!ver || ver.status >= 300) return null;
  const login = await call('POST', '/api/v1/users/login', { email, password });
  if (!login || login.status >= 300) return null;
  return { userId, token: data<{ accessToken: string }>(login).accessToken };
}

let adminToken = '';
let stopping = false;
const pendingDeposits: string[] = [];
const pendingWithdrawals: string[] = [];
let payNumber = Date.now();

async function deposit(p: { userId: string; token: string }) {
  const amount = 100 + rand(20) * 50;
  const res = await call(
    'POST',
    '/api/v1/wallet/deposit',
    { userId: p.userId, amount, method: 'UPI', details: { payNumber: `FLT${payNumber++}` } },
    p.token,
    `dep-${payNumber}`,
  );
  if (res && res.status < 300) {
    const id = data<{ _id: string }>(res)._id;
    answered.push({ kind: 'deposit', id, userId: p.userId, amount });
    pendingDeposits.push(id);
  }
}

async function chickenRound(p: { userId: string; token: string }) {
  const bet = 10 + rand(5) * 10;
  let res = await call('POST', '/api/v1/chicken-road/start', { betAmount: bet, difficulty: 'Easy' }, p.token);
  if (!res) return;
  let roundId: string | undefined;
  let state: string | undefined;
  if (res.status < 300) {
    ({ roundId, state } = data<{ roundId: string; state: string }>(res));
    answered.push({ kind: 'chicken-start', roundId: roundId!, bet });
  } else {
    // A round left open (its start was answered, or not, before a kill): play it out.
    const active = await call('GET', '/api/v1/chicken-road/active', undefined, p.token);
    const open = active?.status === 200 ? data<{ roundId: string; state: string } | null>(active) : null;
    if (!open) return;
    ({ roundId, state } = open);
  }
  for (let steps = rand(4); state === 'playing' && steps > 0; steps--) {
    res = await call('POST', '/api/v1/chicken-road/go', { roundId }, p.token);
    if (!res || res.status >= 300) return;
    const d = data<{ state: string; payout?: number }>(res);
    state = d.state;
    if (state !== 'playing') answered.push({ kind: 'chicken-end', roundId: roundId!, state: state as 'won' | 'lost', payout: d.payout ?? 0 });
  }
  if (state === 'playing') {
    res = await call('POST', '/api/v1/chicken-road/stop', { roundId }, p.token);
    if (res && res.status < 300) {
      const d = data<{ state: 'won' | 'lost'; payout: number }>(res);
      answered.push({ kind: 'chicken-end', roundId: roundId!, state: d.state, payout: d.payout });
    }
  }
}

const SELECTIONS = ['green', 'red', 'violet', 'big', 'small', '0', '5', '7'];
async function colorBet(p: { userId: string; token: string }) {
  const state = await call('GET', '/api/v1/color/state');
  if (!state || state.status !== 200) return;
  const period = data<{ current: { period: string } }>(state).current.period;
  const amount = 10 + rand(3) * 10;
  const selection = SELECTIONS[rand(SELECTIONS.length)];
  const res = await call('POST', '/api/v1/color/bet', { period, selection, amount }, p.token);
  if (res && res.status < 300) answered.push({ kind: 'color-bet', id: data<{ bet: { _id: string } }>(res).bet._id, amount, selection });
}

async function spin(p: { userId: string; token: string }) {
  const res = await call('POST', '/api/v1/spinner/spin', {}, p.token);
  if (res && res.status < 300) {
    const d = data<{ spinId: string; amount: number }>(res);
    answered.push({ kind: 'spin', id: d.spinId, amount: d.amount });
  }
}

async function withdraw(p: { userId: string; token: string }) {
  const amount = 100;
  const details = {
    email: 'fault@faults.test',
    phone: '+919876543210',
    firstName: 'Fault',
    lastName: 'Player',
    accountNumber: '998877665544',
    ifsc: 'HDFC0001234',
  };
  const res = await call('POST', '/api/v1/wallet/withraw', { amount, method: 'UPI', details }, p.token, `wd-${Date.now()}-${rand(1e9)}`);
  if (res && res.status < 300) {
    const id = data<{ _id: string }>(res)._id;
    answered.push({ kind: 'withdraw', id, userId: p.userId, amount });
    pendingWithdrawals.push(id);
  }
}

/** A player's evening: mostly games, now and then money in or out. */
async function playerLoop(p: { userId: string; token: string }) {
  while (!stopping) {
    const r = rand(100);
    if (r < 50) await chickenRound(p);
    else if (r < 75) await colorBet(p);
    else if (r < 85) await deposit(p);
    else if (r < 92) await withdraw(p);
    else await spin(p);
    await sleep(rand(40));
  }
}

/** The admin decides what waits: approves deposits, approves or rejects withdrawals. */
async function adminLoop() {
  while (!stopping) {
    const dep = pendingDeposits.shift();
    if (dep) {
      const res = await call('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id: dep, status: 'approved' }, adminToken, `appr-${dep}`);
      if (res && res.status < 300) answered.push({ kind: 'approve', id: dep });
      else if (!res) pendingDeposits.push(dep);
    }
    const wd = pendingWithdrawals.shift();
    if (wd) {
      const status = rand(2) ? 'approved' : 'rejected';
      const res = await call('PUT', '/api/v1/wallet/transaction/status', { id: wd, status }, adminToken, `wd-dec-${wd}`);
      if (res && res.status < 300) answered.push({ kind: 'decide-withdrawal', id: wd, status });
      else if (!res) pendingWithdrawals.push(wd);
    }
    await sleep(dep || wd ? 10 : 100);
  }
}

/** New players keep signing up during the kills. */
async function signupLoop() {
  while (!stopping) {
    await newPlayer('late');
    await sleep(300);
  }
}

async function adminLogin(): Promise<string> {
  for (;;) {
    const res = await call('POST', '/api/v1/users/login', { email: ADMIN.email, password: ADMIN.password });
    if (res?.status === 200) return data<{ accessToken: string }>(res).accessToken;
    await sleep(200);
  }
}

async function main() {
  const db = await scratchDatabase('rupee_faults', process.env.TEST_DATABASE_URL || undefined);
  if (!db) {
    if (IN_CI) {
      log('failed: no PostgreSQL on CI (CI=true), where this proof must run (set TEST_DATABASE_URL, or run a server at localhost:5432)');
      process.exit(1);
    }
    log('skipped: no PostgreSQL (set TEST_DATABASE_URL, or run a server at localhost:5432)');
    return;
  }
  const two = await redisAnswers();
  if (!two && IN_CI) {
    log('failed: no Redis on CI (CI=true): the run needs two servers sharing it (TEST_REDIS_URL, or a server at 127.0.0.1:6379)');
    await db.drop();
    process.exit(1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rupee-faults-'));
  const ports = two ? [await freePort(), await freePort()] : [await freePort()];
  const env = {
    NODE_ENV: 'development',
    DATABASE_URL: db.url,
    REDIS_URL: two ? REDIS_URL : '',
    DATA_DIR: dataDir,
    APP_SECRET: 'faults-app-secret-0123456789abcdef0123456789',
    DEV_OUTBOX: '1',
    LOG_LEVEL: 'error',
    RATE_LIMIT_MAX: '1000000',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ADMIN_2FA: '0',
    ROUND_SECONDS: String(ROUND_SECONDS),
    COLOR_CHAIN_LENGTH: '20000',
  };
  cluster = new Cluster(env, ports);
  let failed: boolean;
  try {
    for (let i = 0; i < ports.length; i++) await cluster.start(i);
    log(`${ports.length} server(s) on ${withoutCredentials(db.url)}${two ? ' with Redis' : ''}; ${PLAYERS} players; ${KILLS} kills`);
    adminToken = await adminLogin();
    const players: { userId: string; token: string }[] = [];
    while (players.length < PLAYERS) {
      const p = await newPlayer('p');
      if (p) players.push(p);
    }
    // Everyone starts with money: a deposit each, approved.
    for (const p of players) await deposit(p);
    while (pendingDeposits.length) {
      const id = pendingDeposits.shift()!;
      const res = await call('PUT', '/api/v1/wallet/update-deposite-transaction-status', { id, status: 'approved' }, adminToken, `appr-${id}`);
      if (res && res.status < 300) answered.push({ kind: 'approve', id });
    }

    const loops = [...players.map(playerLoop), adminLoop(), signupLoop()];
    for (let k = 1; k <= KILLS; k++) {
      await sleep(400 + rand(1600));
      const victim = rand(ports.length);
      const before = counts.ok;
      cluster.kill(victim);
      await sleep(rand(300));
      await cluster.start(victim);
      if (k % 4 === 0 || k === KILLS) log(`kill ${k}/${KILLS}: ${counts.ok - before} calls answered with success since the previous kill`);
    }
    await sleep(1500);
    stopping = true;
    await Promise.all(loops);
    // Let the colour engine settle every period that ended during the kills.
    await sleep((ROUND_SECONDS + 3) * 1000);
    failed = !(await verify(db.url));
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    stopping = true;
    for (const s of cluster.servers) await s?.stop('SIGTERM');
    await db.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`calls ${counts.calls}: ${counts.ok} answered with success, ${counts.refused} refused (4xx), ${counts.unanswered} cut off by a kill`);
  if (failed) {
    log('FAILED');
    process.exit(1);
  }
  log(`passed: ${KILLS} kills, ${answered.length} answered money and account calls all found with their effect, ledger balanced, nothing half-settled`);
}

/** Checks the database against every answered call and the invariants; prints what it finds. */
async function verify(url: string): Promise<boolean> {
  const database = await openDatabase({ url, poolSize: 2 });
  const problems: string[] = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const rows = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
  try {
    for (const v of await checkLedger(database.db)) problems.push(`ledger: ${v.rule}: ${v.detail}`);

    const transfer = new Map<string, number>();
    for (const t of await rows<{ idempotency_key: string; amount: string }>('SELECT idempotency_key, amount FROM ledger_transfers'))
      transfer.set(t.idempotency_key, Number(t.amount));
    const byId = async (table: string) => new Map((await rows<{ id: string }>(`SELECT * FROM ${table}`)).map((r) => [r.id, r as Record<string, unknown>]));
    const users = await byId('users');
    const deposits = await byId('wallet_deposits');
    const withdrawals = await byId('wallet_withdrawals');
    const rounds = await byId('chicken_rounds');
    const bets = await byId('color_bets');
    const spins = await byId('spins');

    for (const a of answered) {
      const miss = (what: string) => problems.push(`answered ${a.kind} ${JSON.stringify(a)}: ${what}`);
      switch (a.kind) {
        case 'register':
          if (!users.has(a.userId)) miss('no such user');
          break;
        case 'deposit': {
          const d = deposits.get(a.id);
          if (!d || d.user_id !== a.userId || Number(d.amount) !== paise(a.amount)) miss('no such deposit');
          break;
        }
        case 'approve':
          if (deposits.get(a.id)?.status !== 'approved' || transfer.get(`deposit:${a.id}`) !== Number(deposits.get(a.id)?.amount))
            miss('not approved and credited');
          break;
        case 'withdraw': {
          const w = withdrawals.get(a.id);
          if (!w || Number(w.amount) !== paise(a.amount) || transfer.get(`withdrawal-hold:${a.id}`) !== paise(a.amount)) miss('no withdrawal with its hold');
          break;
        }
        case 'decide-withdrawal': {
          const w = withdrawals.get(a.id);
          const key = a.status === 'approved' ? `withdrawal:${a.id}` : `withdrawal-release:${a.id}`;
          if (w?.status !== a.status || transfer.get(key) !== Number(w?.amount)) miss(`not ${a.status} with its transfer`);
          break;
        }
        case 'chicken-start':
          if (!rounds.has(a.roundId) || transfer.get(`bet:${a.roundId}`) !== paise(a.bet)) miss('no round with its bet');
          break;
        case 'chicken-end': {
          const r = rounds.get(a.roundId);
          if (r?.state !== a.state || Number(r?.payout) !== paise(a.payout)) miss(`round is ${r?.state} paying ${r?.payout}`);
          break;
        }
        case 'color-bet':
          if (!bets.has(a.id) || transfer.get(`color-bet:${a.id}`) !== paise(a.amount)) miss('no bet with its stake');
          break;
        case 'spin':
          if (!spins.has(a.id) || (a.amount > 0 && transfer.get(`spin:${a.id}`) !== paise(a.amount))) miss('no spin with its prize');
          break;
      }
    }

    // Nothing half-settled, whether its call was answered or not.
    for (const [id, r] of rounds) {
      if (transfer.get(`bet:${id}`) !== Number(r.bet)) problems.push(`round ${id}: no bet transfer`);
      const payout = Number(r.payout ?? 0);
      if (r.state === 'won' && transfer.get(`payout:${id}`) !== payout) problems.push(`round ${id}: won ${payout} but paid ${transfer.get(`payout:${id}`)}`);
      if (r.state !== 'won' && transfer.has(`payout:${id}`)) problems.push(`round ${id}: ${r.state} but paid`);
    }
    const periods = await rows<{ seq: number }>('SELECT seq FROM color_periods ORDER BY seq');
    const settled = new Set(periods.map((p) => p.seq));
    for (const [id, b] of bets) {
      if (transfer.get(`color-bet:${id}`) !== Number(b.amount)) problems.push(`colour bet ${id}: no stake transfer`);
      if (settled.has(b.seq as number) && b.status === 'open') problems.push(`colour bet ${id}: its period ${b.period} is settled but the bet is open`);
      if (!settled.has(b.seq as number) && b.status !== 'open') problems.push(`colour bet ${id}: settled before its period`);
      if (b.status === 'won' && transfer.get(`color-payout:${id}`) !== Number(b.payout)) problems.push(`colour bet ${id}: won but not paid`);
      if (b.status !== 'won' && transfer.has(`color-payout:${id}`)) problems.push(`colour bet ${id}: paid but ${b.status}`);
    }
    const open = [...bets.values()].filter((b) => b.status === 'open').length;
    if (open) problems.push(`${open} colour bets still open after every period of the run ended`);
    for (let i = 1; i < periods.length; i++)
      if (periods[i].seq !== periods[i - 1].seq + 1) problems.push(`colour periods skip from ${periods[i - 1].seq} to ${periods[i].seq}`);
    for (const [id, s] of spins) if (Number(s.amount) > 0 && transfer.get(`spin:${id}`) !== Number(s.amount)) problems.push(`spin ${id}: prize not paid`);
    for (const [id, w] of withdrawals) {
      if (transfer.get(`withdrawal-hold:${id}`) !== Number(w.amount)) problems.push(`withdrawal ${id}: no hold`);
      if (w.status === 'approved' && !transfer.has(`withdrawal:${id}`)) problems.push(`withdrawal ${id}: approved but not paid out`);
      if (w.status === 'rejected' && !transfer.has(`withdrawal-release:${id}`)) problems.push(`withdrawal ${id}: rejected but not released`);
    }
    for (const [id, d] of deposits)
      if (d.status === 'approved' && transfer.get(`deposit:${id}`) !== Number(d.amount)) problems.push(`deposit ${id}: approved but not credited`);

    log(
      `database: ${users.size} users, ${deposits.size} deposits, ${withdrawals.size} withdrawals, ${rounds.size} rounds, ${bets.size} colour bets over ${periods.length} periods, ${spins.size} spins, ${transfer.size} transfers`,
    );
  } finally {
    await client.end();
    await database.close();
  }
  for (const p of problems.slice(0, 30)) log(`PROBLEM ${p}`);
  if (problems.length > 30) log(`… and ${problems.length - 30} more`);
  return problems.length === 0;
}

await main();
