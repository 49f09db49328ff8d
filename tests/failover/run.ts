/*
 * Failover: the database's machine dies, is cut off, or hands over, under the fault suite's mixed
 * load, with two servers behind nginx on PostgreSQL managed by Patroni (three nodes, each in a
 * network namespace of its own, synchronous replication, HAProxy in front: scripts/lib/ha-postgres.mjs).
 *   1. the primary's machine dies: every process on it killed, its link down (FAILOVER_DEATHS, 3);
 *   2. the primary is cut off alive: once its link down, once only its peers and etcd lost while
 *      the app's side still reaches it (FAILOVER_CUTS, 2);
 *   3. a planned switchover with `patronictl switchover` (FAILOVER_SWITCHOVERS, 2).
 * Every call that gets no answer or 503 is sent again with the same Idempotency-Key until it is
 * answered. During a cut-off, a writer also writes straight to the cut-off primary.
 * It prints per kind: how many, the longest time with no primary, what the calls sent meanwhile
 * got, the longest time to serve again after the new primary was there. Afterwards: every answered
 * call is on the final primary with its effect, nothing happened twice (per player, as many
 * games, bets, spins, deposits and withdrawals as calls answered with success), no write
 * acknowledged by a cut-off primary is missing, the ledger balances, the colour periods are
 * contiguous and settled once, and the old primaries are standbys again. Any failure fails the run.
 *
 *   npm run test:failover    (root; Debian's patroni, etcd-server, haproxy, nginx, redis-server: ./run test installs them)
 *   FAILOVER_ASYNC=1 npm run test:failover   asynchronous replication, to see what the suite catches
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { IN_CI } from '../../scripts/lib/ci.mjs';
import { haMissing, startHaPostgres, type HaPostgres } from '../../scripts/lib/ha-postgres.mjs';
import { findNginx, startNginx } from '../../scripts/lib/nginx.mjs';
import { privateRedis, redisBinary } from '../helpers/private-redis.js';
import { freePort } from '../helpers/server-process.js';
import { get, log, printServerCounters, report, Run, series, serverEnv, setLogTag, SOCKETS } from '../faults/harness.js';
import { sleep, type Player } from '../faults/load.js';
import { verify } from '../faults/verify.js';

setLogTag('failover');
// Interrupted, the run still removes its namespaces and their processes (on exit).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const DEATHS = Number(process.env.FAILOVER_DEATHS ?? 3);
const CUTS = Number(process.env.FAILOVER_CUTS ?? 2);
const SWITCHOVERS = Number(process.env.FAILOVER_SWITCHOVERS ?? 2);
const PLAYERS = Number(process.env.FAILOVER_PLAYERS ?? 8);
const CALM_MS = 4000;
const ROUND_SECONDS = 10;
/** Longest a failover may leave the cluster with no primary before the suite calls it a failure. */
const NO_PRIMARY_WITHIN_MS = 30_000;
/** How long a node that is back may take to stream again by itself before the runbook's reinit. */
const REJOIN_BY_ITSELF_MS = 40_000;
const ADMIN = { email: 'admin@failover.test', password: 'Failover#Admin-2024' };

type Kind = 'death' | 'cut-link' | 'cut-peers' | 'switchover';
const LABEL: Record<Kind, string> = {
  death: "primary's machine dies",
  'cut-link': 'primary cut off (link down)',
  'cut-peers': 'primary cut off from its peers and etcd',
  switchover: 'planned switchover',
};

/** Who said they were primary, sampled every 200 ms through the whole run. */
class PrimaryWatch {
  readonly samples: { at: number; primaries: string[] }[] = [];
  private stopped = false;
  constructor(private readonly cluster: HaPostgres) {}
  async run() {
    while (!this.stopped) {
      this.samples.push({ at: Date.now(), primaries: await this.cluster.primaries() });
      await sleep(200);
    }
  }
  stop() {
    this.stopped = true;
  }
  /** The longest stretch within [from, to] with no primary, and with two, in ms. */
  gaps(from: number, to: number): { none: number; two: number } {
    let none = 0;
    let two = 0;
    let noneSince: number | null = null;
    let twoSince: number | null = null;
    for (const s of this.samples.filter((x) => x.at >= from && x.at <= to)) {
      if (s.primaries.length === 0) noneSince ??= s.at;
      else if (noneSince !== null) {
        none = Math.max(none, s.at - noneSince);
        noneSince = null;
      }
      if (s.primaries.length > 1) twoSince ??= s.at;
      else if (twoSince !== null) {
        two = Math.max(two, s.at - twoSince);
        twoSince = null;
      }
    }
    if (noneSince !== null) none = Math.max(none, to - noneSince);
    if (twoSince !== null) two = Math.max(two, to - twoSince);
    return { none, two };
  }
}

/** Writes straight to one node (not through HAProxy) and remembers every write it acknowledged. */
class DirectWriter {
  readonly acknowledged: number[] = [];
  private stopped = false;
  private static next = 1;
  constructor(private readonly url: string) {}
  async run() {
    while (!this.stopped) {
      const client = new pg.Client({ connectionString: this.url, query_timeout: 2000, connectionTimeoutMillis: 2000 });
      client.on('error', () => undefined);
      try {
        await client.connect();
        while (!this.stopped) {
          const id = DirectWriter.next++;
          await client.query('INSERT INTO ha_probe (id) VALUES ($1)', [id]);
          this.acknowledged.push(id);
          await sleep(50);
        }
      } catch {
        await sleep(200);
      } finally {
        client.end().catch(() => undefined);
      }
    }
  }
  stop() {
    this.stopped = true;
  }
}

interface Event {
  kind: Kind;
  from: string;
  to: string;
  startedAt: number;
  /** When a primary other than the old one was the only one. */
  newPrimaryAt: number;
  serveAgainMs: number;
  rejoinMs: number;
  /** Nodes that did not stream again by themselves and were cloned again (patronictl reinit). */
  reinitialised: string[];
  writer?: DirectWriter;
}

async function main() {
  const missing = [...haMissing(), redisBinary() ? null : 'redis-server', findNginx() ? null : 'nginx'].filter(Boolean);
  if (missing.length) {
    log(`${IN_CI ? 'failed' : 'skipped'}: ${missing.join(', ')} missing (./run test installs them, as root)`);
    if (IN_CI) process.exit(1);
    return;
  }
  const synchronous = process.env.FAILOVER_ASYNC !== '1';
  const startedAt = Date.now();
  const cluster = await startHaPostgres({ port: await freePort(), synchronous, log });
  log(`the cluster started in ${Math.round((Date.now() - startedAt) / 1000)} s (${synchronous ? 'synchronous' : 'ASYNCHRONOUS'} replication)`);
  const probeUrl = cluster.url.replace(/\/rupee$/, '/postgres');
  const redis = await privateRedis();
  await redis.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'rupee-failover-'));
  const ports = [await freePort(), await freePort()];
  const proxy = await startNginx({ port: await freePort(), backends: ports.map((p) => `127.0.0.1:${p}`) });
  const env = serverEnv({
    databaseUrl: cluster.url,
    redisUrl: redis.url,
    dataDir,
    appSecret: 'failover-app-secret-0123456789abcdef012345678',
    admin: ADMIN,
    roundSeconds: ROUND_SECONDS,
  });
  const run = new Run(env, ports, proxy);
  run.load.retryUnanswered = true;
  const watch = new PrimaryWatch(cluster);
  const events: Event[] = [];
  let failed = false;
  try {
    await withClient(probeUrl, (c) => c.query('CREATE TABLE ha_probe (id bigint PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())'));
    for (let i = 0; i < ports.length; i++) await run.start(i);
    log(`2 servers behind nginx on the HA cluster through HAProxy, a Redis of the run's own; ${PLAYERS} players and ${SOCKETS} sockets`);
    await run.load.adminLogin(ADMIN);
    const players: Player[] = [];
    for (let tries = 0; players.length < PLAYERS; tries++) {
      if (tries > PLAYERS * 3) throw new Error(`could not sign up ${PLAYERS} players`);
      const p = await run.load.newPlayer('p');
      if (p) players.push(p);
    }
    for (const p of players) await run.load.deposit(p);
    await run.load.approveAll();
    run.connectSockets();
    const watching = watch.run();
    const loops = [...players.map((p) => run.load.playerLoop(p)), run.load.adminLoop(), run.load.signupLoop()];

    // Interleaved, so each kind meets a cluster that has just been through another.
    const plan: Kind[] = [];
    const counts: Record<Kind, number> = { death: DEATHS, 'cut-link': Math.ceil(CUTS / 2), 'cut-peers': Math.floor(CUTS / 2), switchover: SWITCHOVERS };
    while (Object.values(counts).some((n) => n > 0))
      for (const k of ['death', 'cut-peers', 'switchover', 'cut-link'] as Kind[])
        if (counts[k] > 0) {
          plan.push(k);
          counts[k]--;
        }
    log(`${plan.length} events: ${plan.map((k) => LABEL[k]).join(', ')}`);
    for (const kind of plan) {
      await sleep(CALM_MS);
      events.push(await failover(run, cluster, kind));
      run.calm();
    }

    await sleep(1500);
    run.load.stopping = true;
    await Promise.all(loops);
    watch.stop();
    await watching;
    for (let i = 0; i < 50 && run.sockets.some((s) => !s.connected); i++) await sleep(100);
    const disconnected = run.sockets.filter((s) => !s.connected).length;
    if (disconnected) run.current.span.wrong.push(`${disconnected} of ${SOCKETS} sockets not connected at the end`);
    await printServerCounters(run);
    await sleep((ROUND_SECONDS + 3) * 1000);
    if (!report(run)) failed = true;
    if (!(await printFailovers(cluster, watch, events, run))) failed = true;
    if (!(await verify(cluster.url, run.load.answered, log))) failed = true;
    if (!(await nothingTwice(cluster.url, run))) failed = true;
    if (!(await probeWritesKept(probeUrl, events))) failed = true;
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    run.load.stopping = true;
    watch.stop();
    for (const s of run.sockets) s.close();
    const servers = run.servers;
    run.servers = [];
    for (const s of servers) await s?.stop('SIGTERM');
    await proxy.stop();
    await redis.kill();
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`the run took ${Math.round((Date.now() - startedAt) / 1000)} s`);
  if (failed) {
    log('FAILED');
    process.exit(1);
  }
  log(`passed: ${run.load.answered.length} answered calls all found with their effect on the final primary, none twice, ledger balanced`);
}

/** One event: the primary goes (or hands over), a new one takes over, the servers serve again, the old one rejoins. */
async function failover(run: Run, cluster: HaPostgres, kind: Kind): Promise<Event> {
  const [from] = await cluster.primaries();
  if (!from) throw new Error('no primary before the event');
  const o = run.begin(LABEL[kind], { mayCutOff: false, keepsSockets: true });
  const startedAt = Date.now();
  let writer: DirectWriter | undefined;
  let writing: Promise<void> | undefined;
  if (kind === 'death') cluster.kill(from);
  else if (kind === 'cut-link') cluster.cut(from, 'link');
  else if (kind === 'cut-peers') {
    cluster.cut(from, 'peers');
    // The cut-off primary is still reachable from here: whatever it acknowledges must survive.
    writer = new DirectWriter(`postgres://postgres@${cluster.byName(from).ip}:5432/postgres`);
    writing = writer.run();
  } else {
    // To the standby the primary waits for, as an operator would: Patroni refuses any other in
    // synchronous mode.
    const out = cluster.switchover(from, await cluster.syncStandby());
    if (out.status !== 0) o.span.wrong.push(`patronictl switchover failed: ${out.stderr || out.stdout}`);
  }
  // A new primary, alone: the old one gone or stepped down.
  let to: string;
  for (;;) {
    const now = await cluster.primaries();
    if (now.length === 1 && now[0] !== from) {
      to = now[0];
      break;
    }
    if (Date.now() - startedAt > NO_PRIMARY_WITHIN_MS * 2)
      throw new Error(`${LABEL[kind]}: no new primary after ${NO_PRIMARY_WITHIN_MS * 2} ms: ${JSON.stringify(await cluster.members())}`);
    await sleep(100);
  }
  const newPrimaryAt = Date.now();
  const serveAgainMs = await run.serveAgain(newPrimaryAt);
  o.serveAgainMs = serveAgainMs;
  writer?.stop();
  await writing;
  if (kind === 'death') cluster.revive(from);
  else if (kind !== 'switchover') cluster.heal(from);
  const rejoining = Date.now();
  // Patroni rewinds a node that comes back and it streams again by itself; one that does not
  // within REJOIN_BY_ITSELF_MS gets the runbook's step (patronictl reinit), counted apart.
  let reinitialised: string[] = [];
  try {
    await cluster.waitHealthy(REJOIN_BY_ITSELF_MS);
  } catch {
    reinitialised = await cluster.behind();
    for (const name of reinitialised) {
      const out = cluster.reinit(name);
      if (out.status !== 0) o.span.wrong.push(`patronictl reinit ${name} failed: ${out.stderr || out.stdout}`);
    }
    try {
      await cluster.waitHealthy(120_000);
    } catch (err) {
      // Patroni's own words of every node that is not a streaming standby now.
      const behind = await cluster.behind();
      o.span.wrong.push(
        `the cluster did not heal after ${from} was back, even after patronictl reinit ${reinitialised.join(', ')}: ${(err as Error).message.slice(0, 900)}\n${behind.map((m) => `${m}:\n${cluster.logs(m).slice(-2500)}`).join('\n')}`,
      );
    }
  }
  const rejoinMs = Date.now() - rejoining;
  log(
    `${LABEL[kind]}: ${from} → ${to}, new primary after ${((newPrimaryAt - startedAt) / 1000).toFixed(1)} s, servers serving ${(serveAgainMs / 1000).toFixed(1)} s later, every node a streaming standby again ${(rejoinMs / 1000).toFixed(1)} s after ${from} was back${reinitialised.length ? ` (after patronictl reinit of ${reinitialised.join(', ')})` : ''}`,
  );
  return { kind, from, to, startedAt, newPrimaryAt, serveAgainMs, rejoinMs, reinitialised, writer };
}

/** The table per kind; false when a failover took too long or left two primaries. */
async function printFailovers(cluster: HaPostgres, watch: PrimaryWatch, events: Event[], run: Run): Promise<boolean> {
  const problems: string[] = [];
  log(
    'failovers per kind: how many; longest with no primary; longest with two saying so; calls sent meanwhile ok / 4xx / 503 / cut off / hung; longest to serve again; longest to rejoin',
  );
  for (const kind of Object.keys(LABEL) as Kind[]) {
    const list = events.filter((e) => e.kind === kind);
    if (!list.length) continue;
    const gaps = list.map((e) => watch.gaps(e.startedAt, e.newPrimaryAt + 2000));
    const none = Math.max(...gaps.map((g) => g.none));
    const two = Math.max(...gaps.map((g) => g.two));
    const spans = run.occurrences.filter((o) => o.span.kind === LABEL[kind]);
    const tally = (k: 'ok' | 'refused' | 'unavailable' | 'cut off' | 'timed out') => spans.reduce((n, o) => n + o.span.tally[k], 0);
    log(
      `  ${LABEL[kind]}: ${list.length}×; ${(none / 1000).toFixed(1)} s; ${(two / 1000).toFixed(1)} s; ${tally('ok')} / ${tally('refused')} / ${tally('unavailable')} / ${tally('cut off')} / ${tally('timed out')}; ${(Math.max(...list.map((e) => e.serveAgainMs)) / 1000).toFixed(1)} s; ${(Math.max(...list.map((e) => e.rejoinMs)) / 1000).toFixed(1)} s; ${list.reduce((n, e) => n + e.reinitialised.length, 0)}`,
    );
    if (none > NO_PRIMARY_WITHIN_MS) problems.push(`${LABEL[kind]}: ${none} ms with no primary`);
  }
  // Each server saw every change of primary (/metrics), whether or not a call of its own met it.
  for (const [i, url] of run.serverUrls().entries()) {
    const seen = series((await get(`${url}/metrics`)).body, 'rupee_database_failovers_total');
    if (seen !== events.length) problems.push(`server ${i + 1} counted ${seen} failovers in /metrics for ${events.length}`);
  }
  const r = run.load.retries;
  log(`calls sent again with the same key: ${r.sent} (${r.stillRunning} after a 409 that asked to), of which answered ${r.answered}; given up ${r.gaveUp}`);
  const members = await cluster.members();
  log(`at the end: ${members.map((m) => `${m.name} ${m.role} ${m.state}`).join(', ')}`);
  if (members.filter((m) => m.role === 'leader').length !== 1 || members.length !== cluster.nodes.length)
    problems.push(`the cluster did not end with one primary and every node: ${JSON.stringify(members)}`);
  for (const p of problems) log(`PROBLEM ${p}`);
  return problems.length === 0;
}

/** Per player whose every call was answered: as many effects of each kind as calls answered with success. */
async function nothingTwice(url: string, run: Run): Promise<boolean> {
  const problems: string[] = [];
  const tables: Record<string, string> = {
    deposit: 'wallet_deposits',
    withdraw: 'wallet_withdrawals',
    'chicken-start': 'chicken_rounds',
    'color-bet': 'color_bets',
    spin: 'spins',
  };
  let players = 0;
  let effects = 0;
  await withClient(url, async (c) => {
    for (const [userId, calls] of run.load.ledgerOfCalls) {
      if (calls.unsettled) continue;
      players++;
      for (const [kind, table] of Object.entries(tables)) {
        const found = Number((await c.query(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0].n);
        effects += found;
        const answered = calls.ok[kind] ?? 0;
        if (found !== answered) problems.push(`player ${userId}: ${found} ${table} rows for ${answered} ${kind} calls answered with success`);
      }
    }
  });
  const unsettled = [...run.load.ledgerOfCalls.values()].filter((c) => c.unsettled).length;
  log(
    `nothing twice: ${players} players, ${effects} effects, each one call answered with success${unsettled ? `; ${unsettled} players left out (a call never answered)` : ''}`,
  );
  for (const p of problems.slice(0, 20)) log(`PROBLEM ${p}`);
  return problems.length === 0;
}

/** Every write a cut-off primary acknowledged is on the final primary: no write acknowledged by two primaries is lost. */
async function probeWritesKept(url: string, events: Event[]): Promise<boolean> {
  const acknowledged = events.flatMap((e) => e.writer?.acknowledged ?? []);
  const kept = new Set(await withClient(url, async (c) => (await c.query<{ id: string }>('SELECT id FROM ha_probe')).rows.map((r) => Number(r.id))));
  const lost = acknowledged.filter((id) => !kept.has(id));
  log(`writes straight to a cut-off primary: ${acknowledged.length} acknowledged, ${lost.length} of them lost (split-brain writes)`);
  if (lost.length) log(`PROBLEM ${lost.length} writes acknowledged by a cut-off primary are not on the final primary`);
  return lost.length === 0;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

await main();
