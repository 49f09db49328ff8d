// `./run cluster`: two servers on one PostgreSQL database and one Redis, behind a small proxy
// that keeps each browser on the server it first reached (sticky sessions, which the realtime
// socket's polling needs), on http://localhost:3000. For trying a multi-server set-up locally;
// docs/operations.md shows the same with nginx for a deployment.
import './check-node.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import pg from 'pg';
import { ensureWebBuilt } from './build-web.mjs';

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@localhost:5432/rupee_cluster';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PORT = Number(process.env.PORT || 3000);
const BACKENDS = [
  { name: 'a', port: PORT + 1 },
  { name: 'b', port: PORT + 2 },
];

// The database named in DATABASE_URL, created when missing.
const url = new URL(DATABASE_URL);
const dbName = decodeURIComponent(url.pathname.slice(1));
const admin = new pg.Client({ connectionString: Object.assign(new URL(DATABASE_URL), { pathname: '/postgres' }).toString() });
try {
  await admin.connect();
  const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (!found.rowCount) await admin.query(`CREATE DATABASE "${dbName.replaceAll('"', '""')}"`);
} catch (err) {
  console.error(`PostgreSQL at ${url.host} is needed (set DATABASE_URL): ${err.message}`);
  process.exit(1);
} finally {
  await admin.end().catch(() => undefined);
}

ensureWebBuilt();
// Both servers must share the secret that signs sessions.
const APP_SECRET = process.env.APP_SECRET || randomBytes(48).toString('base64url');
const children = BACKENDS.map(({ name, port }) =>
  spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATABASE_URL, REDIS_URL, APP_SECRET, DATA_DIR: `./data/cluster-${name}` },
    stdio: 'inherit',
  }),
);
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// Sticky proxy: a `backend` cookie names the server; a new browser gets the next one in turn.
let next = 0;
const pick = (cookie = '') => {
  const named = /(?:^|;\s*)backend=([ab])/.exec(cookie)?.[1];
  return BACKENDS.find((b) => b.name === named) ?? BACKENDS[next++ % BACKENDS.length];
};
const proxy = http.createServer((req, res) => {
  const backend = pick(req.headers.cookie);
  const upstream = http.request({ host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
    const headers = { ...up.headers };
    const cookies = [headers['set-cookie'] ?? []].flat();
    headers['set-cookie'] = [...cookies, `backend=${backend.name}; Path=/; HttpOnly; SameSite=Lax`];
    res.writeHead(up.statusCode ?? 502, headers);
    up.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('That server is not answering.');
  });
  req.pipe(upstream);
});
// WebSocket upgrades go to the same server, byte for byte.
proxy.on('upgrade', (req, socket, head) => {
  const backend = pick(req.headers.cookie);
  const upstream = net.connect(backend.port, '127.0.0.1', () => {
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`, ...Object.entries(req.headers).flatMap(([k, v]) => [v].flat().map((x) => `${k}: ${x}`))];
    upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});
proxy.listen(PORT, () => console.log(`Proxy on http://localhost:${PORT} → servers on ${BACKENDS.map((b) => b.port).join(' and ')}`));
