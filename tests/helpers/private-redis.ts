import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './server-process.js';

/** The redis-server binary, or null when this machine has none. */
export function redisBinary(): string | null {
  return spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim() || null;
}

/**
 * A Redis server of a test's own on a port of its own, keeping nothing on disk, so the test may
 * kill it and start it again on the same port.
 */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Starts it (again) and waits until it answers PING. */
  start(): Promise<void>;
  /** Kills it with SIGKILL, as an out-of-memory kill or a crash would. */
  kill(): Promise<void>;
}

export async function privateRedis(port?: number): Promise<PrivateRedis> {
  const binary = redisBinary();
  if (!binary) throw new Error('redis-server is not installed');
  const p = port ?? (await freePort());
  let child: ChildProcess | null = null;
  const answers = () => spawnSync('redis-cli', ['-p', String(p), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG';
  return {
    url: `redis://127.0.0.1:${p}`,
    port: p,
    async start() {
      child = spawn(binary, ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        if (answers()) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the private Redis did not start');
    },
    async kill() {
      const c = child;
      child = null;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGKILL');
      await exited;
    },
  };
}
