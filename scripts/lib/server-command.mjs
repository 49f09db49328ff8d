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
