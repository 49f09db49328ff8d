// `./run cluster`: two servers on one PostgreSQL database and one Redis, behind nginx (Debian's
// package, which ./run installs when missing), on http://127.0.0.1:3000. nginx keeps each browser
// on the server it first reached (the realtime socket's polling needs that) and forwards the
// client's address. For trying a multi-server set-up locally; docs/operations.md shows the same
// configuration for a deployment. HOST=0.0.0.0 listens on every interface.
//
// `./run cluster --ha`: the same two servers on PostgreSQL with automatic failover instead: three
// PostgreSQL nodes managed by Patroni, each on a simulated machine of its own (a network
// namespace), etcd, and HAProxy on 127.0.0.1:HA_PORT (5433) leading to the primary
// (scripts/lib/ha-postgres.mjs; needs root). docs/operations.md shows how to fail it over by hand.
import './check-node.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureWebBuilt } from './build-web.mjs';
import { startHaPostgres } from './lib/ha-postgres.mjs';
import { startNginx } from './lib/nginx.mjs';
import { SERVER_ARGS, SERVER_ENV } from './lib/server-command.mjs';

const HA = process.argv.includes('--ha');
let ha = null;
if (HA) {
  const port = Number(process.env.HA_PORT || 5433);
  try {
    ha = await startHaPostgres({ port, log: (line) => console.log(line) });
  } catch (err) {
    console.error(`The HA cluster did not start: ${err.message}`);
    process.exit(1);
  }
  console.log(`Primary through HAProxy: ${ha.url}; members: ${(await ha.members()).map((m) => `${m.name} (${m.host}) ${m.role}`).join(', ')}`);
  console.log(`Try a failover: ip netns pids ${ha.nodes[0].ns} | xargs kill -9   (or: patronictl -c ${ha.nodes[0].dir}/patroni.yml list)`);
}
const DATABASE_URL = ha?.url || process.env.DATABASE_URL || 'postgres://postgres@localhost:5432/rupee_cluster';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const PORT = Number(process.env.PORT || 3000);
const HOST = process.env.HOST || '127.0.0.1';
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
  spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      DATABASE_URL,
      REDIS_URL,
      APP_SECRET,
      DATA_DIR: `./data/cluster-${name}`,
    },
    stdio: 'inherit',
  }),
);
// nginx in front, on loopback unless HOST says otherwise: it forwards each client's address (the
// servers trust that one hop), upgrades the realtime socket and keeps each browser on one server.
let proxy;
try {
  proxy = await startNginx({ host: HOST, port: PORT, backends: BACKENDS.map((b) => `127.0.0.1:${b.port}`), inherit: true });
} catch (err) {
  console.error(err.message);
  for (const c of children) c.kill('SIGTERM');
  await ha?.stop();
  process.exit(1);
}
const stop = async () => {
  for (const c of children) c.kill('SIGTERM');
  await proxy.stop();
  await ha?.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log(`nginx on http://${HOST === '0.0.0.0' ? 'localhost' : HOST}:${PORT} → servers on ${BACKENDS.map((b) => b.port).join(' and ')}`);
