/*
 * Realtime fan-out: the colour game's countdown, sent every second to every connected socket.
 * Starts the real server as its own process (embedded database, a temporary DATA_DIR), connects
 * N clients from this process over WebSockets, and measures how late each countdown
 * arrives after the whole second it belongs to (the server sends it 5 ms after the second turns).
 * Writes the numbers into bench/RESULTS.md between the sockets markers.
 *
 *   npm run bench:sockets                 5,000 clients, 15 s of countdowns
 *   BENCH_SOCKETS=1000 BENCH_SECONDS=10   fewer, shorter
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { freePort, percentile, rssMiB, waitHealthy, writeSection } from '../lib.js';
import { SERVER_ARGS, SERVER_ENV } from '../../scripts/lib/server-command.mjs';

const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LOAD_AT_START = os.loadavg()[0];

async function main() {
  const work = mkdtempSync(join(os.tmpdir(), 'bench-sockets-'));
  const port = await freePort();
  // With BENCH_PIN=1 (and taskset), the server gets CPU 0 and this process CPU 1, so neither slows the other.
  const pin = process.env.BENCH_PIN === '1';
  const command = pin ? 'taskset' : process.execPath;
  const args = [...(pin ? ['-c', '0', process.execPath] : []), ...SERVER_ARGS];
  const server = spawn(command, args, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(work, 'data'),
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // Every client of the bench comes from this one address.
      SOCKET_MAX_PER_ADDRESS: String(CLIENTS + 100),
      ADMIN_PASSWORD: 'Bench#Admin1234',
      COLOR_CHAIN_LENGTH: '20000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitHealthy(base, () => server.exitCode !== null);
    const idleRss = rssMiB(server.pid!);

    const lags: number[] = [];
    let recording = false;
    const sockets: WebSocket[] = [];
    let connected = 0;
    /*
     * Each client speaks the socket.io protocol over a plain WebSocket (engine.io 4): open
     * packet "0…", join the default namespace with "40", answer pings "2" with "3", and events
     * arrive as '42["countdown",…]'. A full socket.io client does more work per message than the
     * server does, and 5,000 of them in one process would measure the clients, not the server.
     */
    const wsBase = base.replace('http', 'ws');
    for (let i = 0; i < CLIENTS; i++) {
      const ws = new WebSocket(`${wsBase}/socket.io/?EIO=4&transport=websocket`, { perMessageDeflate: false });
      ws.on('message', (data) => {
        const text = data.toString();
        if (text.startsWith('42["countdown"')) {
          if (!recording) return;
          const now = Date.now();
          lags.push(now - Math.floor(now / 1000) * 1000);
        } else if (text === '2') ws.send('3');
        else if (text.startsWith('0')) ws.send('40');
        else if (text.startsWith('40')) connected++;
      });
      ws.on('error', () => undefined);
      sockets.push(ws);
      // Connect in batches, as a crowd arrives, not all in one instant.
      if (i % 250 === 249) await new Promise((r) => setTimeout(r, 100));
    }
    const deadline = Date.now() + 120_000;
    while (connected < CLIENTS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 2000));
    recording = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    recording = false;
    const loadedRss = rssMiB(server.pid!);
    for (const s of sockets) s.terminate();

    lags.sort((a, b) => a - b);
    const expected = connected * SECONDS;
    const row = `| ${CLIENTS} | ${connected} | ${SECONDS} | ${lags.length} of ~${expected} | ${percentile(lags, 50)} | ${percentile(lags, 99)} | ${lags.at(-1)} | ${idleRss} | ${loadedRss} |`;
    console.log(row);
    const section = [
      '## Realtime fan-out: the colour countdown',
      '',
      'The real server in its own process (embedded database), N clients in another process on the',
      'same machine, each speaking the socket.io protocol over its own WebSocket (the `ws` package:',
      'a full socket.io client per connection costs more CPU per message than the server, and 5,000',
      'of them in one process would measure the clients). Each countdown is sent 5 ms after the whole',
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
    ].join('\n');
    writeSection('sockets', section);
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
