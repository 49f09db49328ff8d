/*
 * Realtime fan-out: the colour game's countdown, sent every second to every connected socket.
 * Starts the real server as its own process (embedded database, a temporary DATA_DIR), connects
 * N socket.io clients from this process over WebSockets, and measures how late each countdown
 * arrives after the whole second it belongs to (the server sends it 5 ms after the second turns).
 * Writes the numbers into bench/RESULTS.md between the sockets markers.
 *
 *   npm run bench:sockets                 5,000 clients, 15 s of countdowns
 *   BENCH_SOCKETS=1000 BENCH_SECONDS=10   fewer, shorter
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';

const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const RESULTS = new URL('../RESULTS.md', import.meta.url);
const START_MARK = '<!-- sockets:start -->';
const END_MARK = '<!-- sockets:end -->';
const LOAD_AT_START = os.loadavg()[0];

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : NaN;
};

async function main() {
  const work = mkdtempSync(join(os.tmpdir(), 'bench-sockets-'));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: work,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'Bench#Admin1234',
      COLOR_CHAIN_LENGTH: '20000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i > 300) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    const idleRss = rssMiB(server.pid!);

    const lags: number[] = [];
    let recording = false;
    const sockets: Socket[] = [];
    let connected = 0;
    // Connect in batches, as a crowd arrives, not all in one instant.
    for (let i = 0; i < CLIENTS; i++) {
      const s = io(base, { transports: ['websocket'], reconnection: false, forceNew: true });
      s.on('connect', () => connected++);
      s.on('countdown', () => {
        if (!recording) return;
        const now = Date.now();
        lags.push(now - Math.floor(now / 1000) * 1000);
      });
      sockets.push(s);
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 120_000;
    while (connected < CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 2000));
    recording = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    recording = false;
    const loadedRss = rssMiB(server.pid!);
    for (const s of sockets) s.disconnect();

    lags.sort((a, b) => a - b);
    const expected = connected * SECONDS;
    const row = `| ${CLIENTS} | ${connected} | ${SECONDS} | ${lags.length} of ~${expected} | ${percentile(lags, 50)} | ${percentile(lags, 99)} | ${lags.at(-1)} | ${idleRss} | ${loadedRss} |`;
    console.log(row);
    const section = [
      START_MARK,
      '## Realtime fan-out: the colour countdown',
      '',
      'The real server in its own process (embedded database), N socket.io clients in another',
      'process on the same machine over WebSockets. Each countdown is sent 5 ms after the whole',
      'second it belongs to; its lag is when a client receives it, after that whole second, in ms',
      '(so 5 ms is the floor). Memory is the server’s resident set (RSS).',
      `Run: \`npm run bench:sockets\` (bench/sockets/run.ts).`,
      '',
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      `- Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}); ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory; Linux ${os.release()}`,
      `- Load average when the run started: ${LOAD_AT_START.toFixed(1)} (the clients share the machine's two CPUs with the server)`,
      `- Node ${process.version}`,
      '',
      '| Clients | Connected | Seconds | Countdowns received | Lag p50 | Lag p99 | Lag max | Server RSS idle (MiB) | Server RSS with clients (MiB) |',
      '|---|---|---|---|---|---|---|---|---|',
      row,
      END_MARK,
    ].join('\n');
    const current = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
    const next = current.includes(START_MARK)
      ? current.replace(new RegExp(`${START_MARK}[\\s\\S]*?${END_MARK}`), section)
      : `${current.trimEnd()}\n\n${section}\n`;
    writeFileSync(RESULTS, next);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(work, { recursive: true, force: true });
  }
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
