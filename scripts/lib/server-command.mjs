// How a server process is started from the sources, the same everywhere (tests, benchmarks, the
// cluster): with the environment and the Node.js flags of `npm start` in package.json, the one
// place they are written.
import { readFileSync } from 'node:fs';

const start = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts.start;

/** The C allocator's settings the server runs with (bench/RESULTS.md, "Memory"). */
export const SERVER_ENV = Object.fromEntries([...start.matchAll(/(?:^|\s)([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]));

/** V8's heap limits the server runs with. */
export const SERVER_NODE_FLAGS = start.match(/--[\w-]+=\S+/g) ?? [];

/** The arguments to `node` that run server/index.ts as `npm start` does. */
export const SERVER_ARGS = [...SERVER_NODE_FLAGS, '--import', 'tsx', 'server/index.ts'];

/**
 * The environment of a server process started from here on `port` with its data in `dataDir`: this
 * process's own, the allocator's settings, development mode on the loopback, then `settings`.
 * @param {number} port
 * @param {string} dataDir
 * @param {Record<string, string>} settings
 */
export const serverProcessEnv = (port, dataDir, settings = {}) => ({
  ...process.env,
  ...SERVER_ENV,
  NODE_ENV: 'development',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ...settings,
});
