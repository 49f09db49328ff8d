/*
 * Realtime fan-out: the colour game's countdown, sent every second to every connected socket,
 * against the machine's floor in the same run. First the floor (bench/sockets/floor.ts: plain
 * TCP writes, one and two writer processes), then the real server as its own process (embedded
 * database, a temporary DATA_DIR), N clients from this process over WebSockets, measuring how late
 * each countdown arrives after the whole second it belongs to (the server sends it 5 ms after the
 * second turns). Reads the server's event-loop delay and garbage collection from its /metrics and
 * its CPU time from /proc over the measured seconds. Prints the ratio of the countdown's p99 to
 * the floor's, and adds the run's row to bench/RESULTS.md (every run keeps its row).
 *
 *   npm run bench:sockets                      5,000 clients, 15 s of countdowns, the floor first
 *   BENCH_SERVERS=2 npm run bench:sockets      two servers on PostgreSQL and Redis behind nginx
 *   BENCH_SOCKETS=1000 BENCH_SECONDS=10        fewer, shorter
 *   BENCH_FLOOR=0                              without the floor (no ratio)
 *   BENCH_CLIENT=ws                            clients on the `ws` package instead of raw frames
 *   BENCH_TRACE_GC=1 BENCH_SERVER_STDOUT=1     the server's V8 garbage-collection trace on this console
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort, percentile, rssMiB, waitHealthy, writeSection } from '../lib.js';
import { SERVER_ARGS, serverProcessEnv } from '../../scripts/lib/server-command.mjs';
import { startNginx } from '../../scripts/lib/nginx.mjs';
import { privatePostgres } from '../../tests/helpers/private-postgres.js';
import { privateRedis } from '../../tests/helpers/private-redis.js';
import { measureFloor, type FloorRun } from './floor.js';

const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
const WITH_FLOOR = process.env.BENCH_FLOOR !== '0';
/** Clients that read frames off the TCP socket themselves, as cheaply as the floor's clients read (BENCH_CLIENT=ws: the `ws` package). */
const RAW_CLIENTS = process.env.BENCH_CLIENT !== 'ws';
const LOAD_AT_START = os.loadavg()[0];

/** A process's CPU time (user and system) in seconds, from /proc. */
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, in clock ticks of 1/100 s on Linux.
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** The values of a Prometheus text answer, by metric name with its labels. */
async function metrics(base: string): Promise<Map<string, number>> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

/** What a server did over the measured seconds: event-loop delay (p99, max) and GC pauses (count, total, by kind). */
function serverWindow(before: Map<string, number>, after: Map<string, number>) {
  const gc = (kind: string, what: 'count' | 'sum') => {
    const key = `nodejs_gc_duration_seconds_${what}{kind="${kind}"}`;
    return (after.get(key) ?? 0) - (before.get(key) ?? 0);
  };
  const kinds = ['minor', 'major', 'incremental', 'weakcb'];
  return {
    // prom-client's event-loop histogram restarts at each read of /metrics: the read after the run covers it.
    loopP99: Math.round((after.get('nodejs_eventloop_lag_p99_seconds') ?? NaN) * 1000),
    loopMax: Math.round((after.get('nodejs_eventloop_lag_max_seconds') ?? NaN) * 1000),
    gcCount: kinds.reduce((n, k) => n + gc(k, 'count'), 0),
    gcMs: Math.round(kinds.reduce((n, k) => n + gc(k, 'sum'), 0) * 1000),
    gcMajor: gc('major', 'count'),
  };
}

interface Server {
  pid: number;
  base: string;
  process: ChildProcess;
}

async function startServers(work: string): Promise<{ servers: Server[]; entry: string; stop: () => Promise<void> }> {
  const stops: (() => Promise<unknown>)[] = [];
  let shared: Record<string, string> = { DATABASE_URL: '', REDIS_URL: '' };
  if (SERVERS > 1) {
    const [pg, redis] = [await privatePostgres(), await privateRedis()];
    stops.push(
      async () => {
        await pg.stop('immediate');
        pg.remove();
      },
      () => redis.kill(),
    );
    shared = { DATABASE_URL: pg.url, REDIS_URL: redis.url, APP_SECRET: 'bench-sockets-secret-0123456789abcdef0123456789' };
  }
  // With BENCH_PIN=1 (and taskset), one server gets CPU 0 and this process CPU 1, so neither slows the other.
  const pin = process.env.BENCH_PIN === '1' && SERVERS === 1;
  const servers: Server[] = [];
  for (let i = 0; i < SERVERS; i++) {
    const port = await freePort();
    const child = spawn(
      pin ? 'taskset' : process.execPath,
      [...(pin ? ['-c', '0', process.execPath] : []), ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []), ...SERVER_ARGS],
      {
        env: {
          ...serverProcessEnv(port, join(work, `data${i}`)),
          ...shared,
          LOG_LEVEL: 'warn',
          // Every client of the bench comes from this one address (the proxy's, behind nginx).
          SOCKET_MAX_PER_ADDRESS: String(CLIENTS + 100),
          ...(SERVERS > 1 ? { TRUST_PROXY: '1' } : {}),
          ADMIN_PASSWORD: 'Bench#Admin1234',
          COLOR_CHAIN_LENGTH: '20000',
        },
        stdio: ['ignore', process.env.BENCH_SERVER_STDOUT ? 'inherit' : 'ignore', 'inherit'],
      },
    );
    stops.push(async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    });
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(base, () => child.exitCode !== null);
    servers.push({ pid: child.pid!, base, process: child });
  }
  let entry = servers[0].base;
  if (SERVERS > 1) {
    const proxy = await startNginx({ port: await freePort(), backends: servers.map((s) => s.base.replace('http://', '')) });
    stops.unshift(() => proxy.stop());
    entry = proxy.url;
  }
  return { servers, entry, stop: async () => void (await Promise.all(stops.reverse().map((s) => s()))) };
}

/*
 * Each client speaks the socket.io protocol over a WebSocket (engine.io 4): open packet "0…", join
 * the default namespace with "40", answer pings "2" with "3", and events arrive as
 * '42["countdown",…]'. A full socket.io client does more work per message than the server does, and
 * 5,000 of them in one process would measure the clients, not the server.
 */
type OnText = (text: string, send: (reply: string) => void) => void;

/** A client on the `ws` package: it parses and decodes each frame as a browser would. */
function wsClient(target: URL, onText: OnText) {
  const ws = new WebSocket(`ws://${target.host}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  ws.on('message', (data) => onText(data.toString(), (reply) => ws.send(reply)));
  ws.on('error', () => undefined);
  return { close: () => ws.terminate() };
}

/** A client frame: text, final, masked with a zero key (RFC 6455 requires the mask, not a random key). */
const clientFrame = (text: string) => {
  const payload = Buffer.from(text);
  return Buffer.concat([Buffer.from([0x81, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
};

/**
 * A client that reads the server's (unmasked, unfragmented) text frames straight off its TCP
 * socket, as the floor's clients read their messages: the lag it records is the server's, not
 * the cost of a WebSocket library in the measuring process.
 */
function rawClient(target: URL, onText: OnText) {
  const socket = connect(Number(target.port), target.hostname);
  let upgraded = false;
  let pending: Buffer = Buffer.alloc(0);
  const send = (reply: string) => socket.write(clientFrame(reply));
  socket.setNoDelay(true);
  socket.on('connect', () => {
    socket.write(
      `GET /socket.io/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    if (!upgraded) {
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) return;
      upgraded = true;
      pending = pending.subarray(end + 4);
    }
    while (pending.length >= 2) {
      let length = pending[1] & 0x7f;
      let at = 2;
      if (length === 126) {
        if (pending.length < 4) return;
        length = pending.readUInt16BE(2);
        at = 4;
      }
      if (pending.length < at + length) return;
      if ((pending[0] & 0x0f) === 1) onText(pending.toString('utf8', at, at + length), send);
      pending = pending.subarray(at + length);
    }
  });
  socket.on('error', () => undefined);
  return { close: () => socket.destroy() };
}

async function main() {
  const floors: FloorRun[] = WITH_FLOOR ? [await measureFloor(1), await measureFloor(2)] : [];
  const work = mkdtempSync(join(os.tmpdir(), 'bench-sockets-'));
  const { servers, entry, stop } = await startServers(work);
  try {
    const idleRss = servers.map((s) => rssMiB(s.pid));
    const lags: number[] = [];
    let recording = false;
    const sockets: { close(): void }[] = [];
    let connected = 0;
    const onText = (text: string, send: (reply: string) => void) => {
      if (text.startsWith('42["countdown"')) {
        if (!recording) return;
        const now = Date.now();
        lags.push(now - Math.floor(now / 1000) * 1000);
      } else if (text === '2') send('3');
      else if (text.startsWith('0')) send('40');
      else if (text.startsWith('40')) connected++;
    };
    const target = new URL(entry);
    for (let i = 0; i < CLIENTS; i++) {
      sockets.push(RAW_CLIENTS ? rawClient(target, onText) : wsClient(target, onText));
      // Connect in batches, as a crowd arrives, not all in one instant.
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 120_000;
    while (connected < CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 2000));
    const before = await Promise.all(servers.map((s) => metrics(s.base)));
    const cpuBefore = servers.map((s) => cpuSeconds(s.pid));
    recording = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    recording = false;
    const after = await Promise.all(servers.map((s) => metrics(s.base)));
    const cpu = servers.map((s, i) => Math.round(((cpuSeconds(s.pid) - cpuBefore[i]) / SECONDS) * 100));
    const loadedRss = servers.map((s) => rssMiB(s.pid));
    for (const s of sockets) s.close();

    lags.sort((a, b) => a - b);
    const windows = servers.map((_, i) => serverWindow(before[i], after[i]));
    const p99 = percentile(lags, 99);
    const slowerFloor = floors.length ? Math.max(...floors.map((f) => f.p99)) : NaN;
    const ratio = floors.length ? (p99 / slowerFloor).toFixed(2) : '–';
    const list = (values: (number | string)[]) => values.join(' / ');
    const row = [
      new Date().toISOString().slice(0, 16).replace('T', ' '),
      `${os.cpus().length} CPUs, load ${LOAD_AT_START.toFixed(1)}`,
      `${SERVERS > 1 ? `${SERVERS} servers, PostgreSQL + Redis, nginx` : 'one server, embedded'}; ${RAW_CLIENTS ? 'raw' : 'ws'} clients`,
      `${connected} of ${CLIENTS}`,
      `${lags.length} of ~${connected * SECONDS}`,
      `${percentile(lags, 50)} / ${p99} / ${lags.at(-1)}`,
      floors.length ? floors.map((f) => `${f.p50} / ${f.p99} / ${f.max}`).join('; ') : '–',
      `**${ratio}×**`,
      list(windows.map((w) => `${w.loopP99} / ${w.loopMax}`)),
      list(windows.map((w) => `${w.gcCount} (${w.gcMajor} major), ${w.gcMs} ms`)),
      list(cpu.map((c) => `${c}%`)),
      `${list(idleRss)} → ${list(loadedRss)}`,
    ];
    console.log(
      `countdown p50/p99/max ${percentile(lags, 50)} / ${p99} / ${lags.at(-1)} ms; floor p99 ${floors.map((f) => f.p99).join(' and ')} ms; ratio ${ratio}`,
    );
    console.log(
      `server: event loop p99/max ${list(windows.map((w) => `${w.loopP99}/${w.loopMax}`))} ms; GC ${list(windows.map((w) => `${w.gcCount} (${w.gcMajor} major) ${w.gcMs} ms`))}; CPU ${list(cpu)}%; RSS ${list(idleRss)} → ${list(loadedRss)} MiB`,
    );
    appendRun(`| ${row.join(' | ')} |`);
  } finally {
    await stop();
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}

const HEADER = [
  '## Realtime fan-out: the colour countdown against the floor, run by run',
  '',
  'One command, `npm run bench:sockets` (bench/sockets/run.ts), measures both on an otherwise idle',
  'machine: first the floor (bench/sockets/floor.ts: a process that only writes one small message to',
  'each of N TCP connections, with one and two writer processes), then the real server in its own',
  'process with N clients in another process on the same machine, each speaking the socket.io',
  'protocol over its own WebSocket. Each countdown is sent 5 ms after the whole second it belongs',
  'to; its lag is when a client receives it, after that whole second, in ms. The ratio is the',
  "countdown's p99 over the slower floor's p99 of the same run. Event-loop delay, garbage collection",
  "and CPU are the server's own over the measured seconds (its /metrics and /proc); memory is its",
  'resident set (RSS, MiB) idle and with the clients. `BENCH_SERVERS=2` runs two servers on',
  'PostgreSQL and Redis behind nginx, the clients split across both (figures per server).',
  'Every run adds its row; none is overwritten.',
  '',
  '| Date (UTC) | Machine | Servers | Connected | Countdowns received | Countdown p50 / p99 / max | Floor p50 / p99 / max (1 writer; 2) | Ratio | Event loop p99 / max | GC (count, total) | Server CPU | Server RSS idle → with clients |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|',
];

/** Adds the run's row to the table of runs in bench/RESULTS.md, keeping the rows before it. */
function appendRun(row: string): void {
  const results = readFileSync(new URL('../RESULTS.md', import.meta.url), 'utf8');
  const start = '<!-- sockets-runs:start -->';
  const end = '<!-- sockets-runs:end -->';
  const from = results.indexOf(start);
  const to = results.indexOf(end);
  const rows =
    from >= 0 && to > from
      ? results
          .slice(from + start.length, to)
          .split('\n')
          .filter((l) => l.startsWith('| 20'))
      : [];
  writeSection('sockets-runs', [...HEADER, ...rows, row].join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
