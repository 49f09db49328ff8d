import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/**
 * A PostgreSQL server of a test's own (Debian's binaries, initdb into a temporary folder, its own
 * port and socket), so the test can stop and start it freely; removed afterwards. PostgreSQL
 * refuses to run as root: as root, it runs as the user postgres.
 */
export interface PrivatePostgres {
  url: string;
  /** Stops it (pg_ctl's shutdown mode) and waits until it has. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again and waits until it accepts connections. */
  start(): Promise<void>;
  remove(): void;
}

/** The folder of PostgreSQL's server binaries, or null when they are not installed. */
export function postgresBinaries(): string | null {
  for (const dir of ['/usr/lib/postgresql/17/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin']) {
    if (existsSync(join(dir, 'pg_ctl')) && existsSync(join(dir, 'initdb'))) return dir;
  }
  const found = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  return found ? join(found, '..') : null;
}

export async function privatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL server binaries (pg_ctl, initdb) are not installed');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'private-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const as = (command: string, args: string[]): [string, string[]] =>
    root ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]] : [join(bin, command), args];
  const run = (command: string, args: string[]) => execFileSync(...as(command, args), { stdio: 'pipe', cwd: dir });
  // Without blocking the test's own event loop (its clients keep calling meanwhile).
  const runAsync = async (command: string, args: string[]) => {
    await promisify(execFile)(...as(command, args), { cwd: dir });
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const startArgs = ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start'];
  run('pg_ctl', startArgs);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = 'fast') => runAsync('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    start: () => runAsync('pg_ctl', startArgs),
    remove() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
