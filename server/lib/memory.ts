import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long after start a measurement of idle memory waits, so that start-up's work is behind it. */
export const STARTUP_SETTLES_MS = 10_000;

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives back to the system the memory start-up took and no longer needs. Loading the server's
 * modules (Drizzle's alone is a thousand files) and working out the colour chain leave V8 with a
 * heap grown to several times what stays in use, which it would otherwise keep for the server's
 * life: about 150 MB on the embedded database (bench/RESULTS.md, "Memory"). One full collection
 * of the kind V8 runs when memory is short, once, after start-up's work and before the server
 * listens: its pause (about 100 ms, two collections) then delays no client. Run ten seconds after
 * start, as it was, it landed on the first clients' countdowns (docs/decisions/0028).
 */
export function releaseStartupMemory(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Gc | undefined;
  gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
