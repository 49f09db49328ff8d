/*
 * Faults: two real servers behind nginx, on a PostgreSQL and a Redis of the run's own, under mixed
 * load over HTTP (load.ts), while the parts go away one after another:
 *   1. a server killed with SIGKILL at random moments and started again (FAULTS_KILLS, 12);
 *   2. PostgreSQL stopped, with `fast` shutdown for 5 seconds and `immediate` for 30 (FAULTS_PG_OUTAGES;
 *      the database's machine dying with a standby to take over is the failover suite's, tests/failover);
 *   3. Redis killed and started again, twice, and unreachable while a server starts;
 *   4. nginx reloaded (`nginx -s reload`) five times.
 * During each outage: no 500, no call hangs past its timeout, calls that need the database answer
 * 503 with a message and Retry-After, /healthz stays 200 and /readyz 503 while PostgreSQL is down,
 * and the realtime sockets stay connected and keep ticking (but where a server dies with them).
 * After each: every server serves again by itself within seconds. Afterwards (verify.ts): every
 * call answered with success is in the database with its effect, the ledger balances, nothing is
 * half-settled, and the colour game has every period, each settled once.
 * It prints, per kind of outage, how many happened, what the calls sent during them got, the
 * longest time to serve again and the sockets dropped; any failure fails the run.
 *
 *   npm run test:faults      (needs PostgreSQL's server binaries, redis-server and nginx: ./run test installs them)
 *   FAULTS_KILLS=40 FAULTS_PG_OUTAGES=fast:5,immediate:30 npm run test:faults
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_CI } from '../../scripts/lib/ci.mjs';
import { FAIL_TIMEOUT_SECONDS, findNginx, startNginx, type RunningNginx } from '../../scripts/lib/nginx.mjs';
import { postgresBinaries, privatePostgres, type PrivatePostgres } from '../helpers/private-postgres.js';
import { privateRedis, redisBinary, type PrivateRedis } from '../helpers/private-redis.js';
import { freePort } from '../helpers/server-process.js';
import { log, printServerCounters, report, Run, serverEnv, SOCKETS } from './harness.js';
import { rand, sleep, type Player } from './load.js';
import { verify } from './verify.js';

const KILLS = Number(process.env.FAULTS_KILLS ?? 12);
const PLAYERS = Number(process.env.FAULTS_PLAYERS ?? 10);
const PG_OUTAGES = (process.env.FAULTS_PG_OUTAGES ?? 'fast:5,immediate:30').split(',').map((o) => {
  const [mode, seconds] = o.split(':');
  if ((mode !== 'fast' && mode !== 'immediate') || !(Number(seconds) > 0)) throw new Error(`FAULTS_PG_OUTAGES: "${o}" is not mode:seconds`);
  return { mode: mode as 'fast' | 'immediate', seconds: Number(seconds) };
});
const REDIS_KILLS = 2;
const RELOADS = 5;
/** Calm between two outages, under the same load. */
const CALM_MS = 4000;
const ROUND_SECONDS = 10;
const ADMIN = { email: 'admin@faults.test', password: 'Faults#Admin-2024' };

async function main() {
  const missing = [
    postgresBinaries() ? null : "PostgreSQL's server binaries (pg_ctl, initdb)",
    redisBinary() ? null : 'redis-server',
    findNginx() ? null : 'nginx',
  ].filter(Boolean);
  if (missing.length) {
    log(`${IN_CI ? 'failed' : 'skipped'}: ${missing.join(', ')} not installed (./run test installs them)`);
    if (IN_CI) process.exit(1);
    return;
  }
  const pg = await privatePostgres();
  const redis = await privateRedis();
  await redis.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'rupee-faults-'));
  const ports = [await freePort(), await freePort()];
  const proxy = await startNginx({ port: await freePort(), backends: ports.map((p) => `127.0.0.1:${p}`) });
  const env = serverEnv({
    databaseUrl: pg.url,
    redisUrl: redis.url,
    dataDir,
    appSecret: 'faults-app-secret-0123456789abcdef0123456789',
    admin: ADMIN,
    roundSeconds: ROUND_SECONDS,
  });
  const run = new Run(env, ports, proxy);
  let failed: boolean;
  const startedAt = Date.now();
  try {
    for (let i = 0; i < ports.length; i++) await run.start(i);
    log(`2 servers behind nginx, a PostgreSQL and a Redis of the run's own; ${PLAYERS} players and ${SOCKETS} sockets`);
    await run.load.adminLogin(ADMIN);
    const players: Player[] = [];
    for (let tries = 0; players.length < PLAYERS; tries++) {
      if (tries > PLAYERS * 3) throw new Error(`could not sign up ${PLAYERS} players: ${JSON.stringify(run.current.span)}`);
      const p = await run.load.newPlayer('p');
      if (p) players.push(p);
    }
    // Everyone starts with money: a deposit each, approved.
    for (const p of players) await run.load.deposit(p);
    await run.load.approveAll();
    run.connectSockets();
    const loops = [...players.map((p) => run.load.playerLoop(p)), run.load.adminLoop(), run.load.signupLoop()];

    log(`${KILLS} server kills`);
    await serverKills(run);
    log(`${PG_OUTAGES.length} PostgreSQL outages: ${PG_OUTAGES.map((o) => `${o.mode} ${o.seconds} s`).join(', ')}`);
    await postgresOutages(run, pg);
    log(`${REDIS_KILLS} Redis kills, then Redis unreachable while a server starts`);
    await redisOutages(run, redis);
    log(`${RELOADS} nginx reloads`);
    await proxyReloads(run, proxy);

    await sleep(1500);
    run.load.stopping = true;
    await Promise.all(loops);
    // Every socket is connected again (those cut by a kill or a reload reconnect by themselves).
    for (let i = 0; i < 50 && run.sockets.some((s) => !s.connected); i++) await sleep(100);
    const disconnected = run.sockets.filter((s) => !s.connected).length;
    if (disconnected) run.current.span.wrong.push(`${disconnected} of ${SOCKETS} sockets not connected at the end`);
    await printServerCounters(run);
    // Let the colour engine settle every period that ended during the run.
    await sleep((ROUND_SECONDS + 3) * 1000);
    failed = !report(run);
    if (!(await verify(pg.url, run.load.answered, log))) failed = true;
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    run.load.stopping = true;
    for (const s of run.sockets) s.close();
    const servers = run.servers;
    run.servers = [];
    for (const s of servers) await s?.stop('SIGTERM');
    if (process.env.FAULTS_NGINX_LOG) {
      const { copyFileSync } = await import('node:fs');
      copyFileSync(join(proxy.prefix, 'error.log'), process.env.FAULTS_NGINX_LOG);
    }
    await proxy.stop();
    await redis.kill();
    pg.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`the run took ${Math.round((Date.now() - startedAt) / 1000)} s`);
  if (failed) {
    log('FAILED');
    process.exit(1);
  }
  log(`passed: ${run.load.answered.length} answered money and account calls all found with their effect, ledger balanced, nothing half-settled`);
}

/** 1. A server killed with SIGKILL and started again: the other serves meanwhile. */
async function serverKills(run: Run) {
  for (let k = 1; k <= KILLS; k++) {
    await sleep(400 + rand(1600));
    const victim = rand(run.ports.length);
    const o = run.begin('server killed (SIGKILL)', { mayCutOff: true, keepsSockets: false });
    const s = run.servers[victim];
    run.servers[victim] = null;
    s?.child.kill('SIGKILL');
    await sleep(rand(300));
    const restarting = Date.now();
    await run.start(victim);
    o.serveAgainMs = Date.now() - restarting;
    o.restarted = true;
    // nginx keeps a server out for its fail_timeout after a failed call, such as one refused just
    // before the restarted server listened: until then the restart is not over for the proxy, and
    // a kill of the other server in that window leaves none to answer (502 "no live upstreams").
    await sleep(FAIL_TIMEOUT_SECONDS * 1000 + 200);
    run.calm();
  }
}

/** 2. PostgreSQL stopped and started again. */
async function postgresOutages(run: Run, pg: PrivatePostgres) {
  for (const { mode, seconds } of PG_OUTAGES) {
    await sleep(CALM_MS);
    const o = run.begin(`PostgreSQL stopped (${mode}) for ${seconds} s`, { mayCutOff: false, keepsSockets: true });
    await pg.stop(mode);
    await sleep(Math.min(2000, (seconds * 1000) / 2));
    await run.checkDownState(o);
    await sleep(seconds * 1000 - Math.min(2000, (seconds * 1000) / 2));
    await pg.start();
    o.serveAgainMs = await run.serveAgain(Date.now());
    run.calm();
  }
}

/** 3. Redis killed and started again; then unreachable while a server starts. */
async function redisOutages(run: Run, redis: PrivateRedis) {
  for (let k = 0; k < REDIS_KILLS; k++) {
    await sleep(CALM_MS);
    const o = run.begin('Redis killed for 5 s', { mayCutOff: false, keepsSockets: true });
    await redis.kill();
    await sleep(5000);
    await redis.start();
    o.serveAgainMs = await run.serveAgain(Date.now(), true);
    run.calm();
  }
  await sleep(CALM_MS);
  // A server restarted on purpose (SIGTERM) while Redis is away: calls on their way to it may be cut off.
  const o = run.begin('Redis unreachable while a server starts', { mayCutOff: true, keepsSockets: false });
  await redis.kill();
  const restarting = run.servers[1];
  run.servers[1] = null;
  await restarting?.stop('SIGTERM');
  await run.start(1);
  await sleep(5000);
  await redis.start();
  o.serveAgainMs = await run.serveAgain(Date.now(), true);
  run.calm();
}

/** 4. nginx reloaded under load. */
async function proxyReloads(run: Run, proxy: RunningNginx) {
  for (let k = 0; k < RELOADS; k++) {
    await sleep(1500);
    // A call sent on a kept-alive connection just as the old worker closes it is cut off before
    // it reaches a server (a browser sends it again by itself); what was answered must still hold.
    const o = run.begin('nginx reloaded', { mayCutOff: true, keepsSockets: false });
    const reloaded = proxy.reload();
    if (reloaded.status !== 0) o.span.wrong.push(`nginx -s reload failed: ${reloaded.stderr}`);
    await sleep(1500);
    run.calm();
  }
}

await main();
