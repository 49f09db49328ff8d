/*
 * The machine's floor for the countdown's fan-out: what the lag would be if the server did nothing
 * but write one small message to each of N TCP connections, with no socket.io, no engine.io and
 * no WebSocket framing. Writers (1 or 2 processes sharing the port, as a cluster would) send, 5 ms
 * after each whole second, a message to every connection they hold; N clients in this process
 * record when it arrives after that second, as bench/sockets/run.ts does for the real server.
 * Writes the numbers into bench/RESULTS.md between the sockets-floor markers.
 *
 *   npm run bench:sockets:floor       5,000 clients, 1 and 2 writers, 12 s each
 */
import cluster from 'node:cluster';
import { connect, createServer, type Socket } from 'node:net';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort, percentile, writeSection } from '../lib.js';

const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);

/** A writer: accepts connections and, 5 ms after every whole second, writes to each of them. */
function writer(port: number) {
  const sockets: Socket[] = [];
  createServer((s) => {
    s.setNoDelay(true);
    s.on('error', () => undefined);
    sockets.push(s);
  }).listen({ port, host: '127.0.0.1' });
  // The size of the real countdown frame: a WebSocket header and 42["countdown",{"timeLeft":NN}].
  const message = Buffer.from('42["countdown",{"timeLeft":42}]'.padEnd(32));
  const tick = () => {
    for (const s of sockets) s.write(message);
    setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
  };
  setTimeout(tick, 1000 - (Date.now() % 1000) + 5);
}

/** The floor's lags with `writers` writer processes: its table row, and p50, p99 and max in ms. */
export interface FloorRun {
  writers: number;
  row: string;
  p50: number;
  p99: number;
  max: number;
}

/** Measures the floor with `writers` writer processes (bench/sockets/run.ts runs it too, before the server). */
export async function measureFloor(writers: number): Promise<FloorRun> {
  const port = await freePort();
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: [String(port)] });
  const workers = Array.from({ length: writers }, () => cluster.fork());
  await new Promise((r) => setTimeout(r, 1000));
  const lags: number[] = [];
  let recording = false;
  const clients: Socket[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const c = connect(port, '127.0.0.1');
    c.on('data', () => {
      if (!recording) return;
      const now = Date.now();
      lags.push(now % 1000);
    });
    c.on('error', () => undefined);
    clients.push(c);
    if (i % 250 === 249) await new Promise((r) => setTimeout(r, 100));
  }
  await new Promise((r) => setTimeout(r, 2000));
  recording = true;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  recording = false;
  for (const c of clients) c.destroy();
  for (const w of workers) w.kill();
  lags.sort((a, b) => a - b);
  const row = `| ${writers} | ${CLIENTS} | ${lags.length} of ~${CLIENTS * SECONDS} | ${percentile(lags, 50)} | ${percentile(lags, 99)} | ${lags.at(-1)} |`;
  console.log(`floor, ${writers} writer${writers > 1 ? 's' : ''}: ${row}`);
  return { writers, row, p50: percentile(lags, 50), p99: percentile(lags, 99), max: lags.at(-1) ?? NaN };
}

async function main() {
  const load = os.loadavg()[0];
  const rows = [(await measureFloor(1)).row, (await measureFloor(2)).row];
  writeSection(
    'sockets-floor',
    [
      "#### The machine's floor: plain TCP writes, no socket.io",
      '',
      'The same lag, measured the same way, when the server does nothing but write one 32-byte',
      'message to each TCP connection (one or two writer processes sharing the port, the clients in',
      'another process). No WebSocket server can send less per client than this.',
      'Run: `tsx bench/sockets/floor.ts`.',
      '',
      `- Date: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}); load average at the start ${load.toFixed(1)}; Node ${process.version}`,
      '',
      '| Writer processes | Clients | Messages received | Lag p50 | Lag p99 | Lag max |',
      '|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  process.exit(0);
}

if (cluster.isWorker) writer(Number(process.argv[2]));
else if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
