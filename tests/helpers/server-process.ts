import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { freePort, waitHealthy } from '../../bench/lib.js';
import { SERVER_ARGS, SERVER_ENV } from '../../scripts/lib/server-command.mjs';

export { freePort };

/** The real server (server/index.ts) as its own process, as an operator runs it. */
export interface ServerProcess {
  url: string;
  port: number;
  /** Everything the process wrote to stdout and stderr so far. */
  logs(): string;
  /** Ends the process with `signal` and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  child: ChildProcess;
}

const secrets = new Map<string, string>();
/**
 * The secret of a test server started without APP_SECRET or SECRETS_FILE: one of its own per
 * DATA_DIR (a restart on the same data gets the same), given as APP_SECRET, so no test shares a
 * key with another and none leaves a secrets file behind.
 */
function secretFor(dataDir: string): string {
  const dir = resolve(dataDir);
  if (!secrets.has(dir)) secrets.set(dir, randomBytes(32).toString('base64url'));
  return secrets.get(dir)!;
}

/** Starts the server with `env` (over a clean environment's defaults) and waits until /healthz answers. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const secret = env.DATA_DIR && !env.APP_SECRET && !env.SECRETS_FILE ? { APP_SECRET: secretFor(env.DATA_DIR) } : {};
  let out = '';
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...SERVER_ENV,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(p),
      REDIS_URL: '',
      DATABASE_URL: '',
      ...secret,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${p}`;
  try {
    await waitHealthy(url, () => child.exitCode !== null);
  } catch {
    child.kill('SIGKILL');
    throw new Error(`the server did not start:\n${out}`);
  }
  return {
    url,
    port: p,
    child,
    logs: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
