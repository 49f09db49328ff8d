import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** When start-up's one-off work (the colour chain is worked out in the first seconds) is over. */
export const STARTUP_SETTLES_MS = 10_000;

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

/**
 * Gives back to the system the memory start-up took and no longer needs. Loading the server's
 * modules (Drizzle's alone is a thousand files) and working out the colour chain leave V8 with a
 * heap grown to several times what stays in use, which it would otherwise keep for the server's
 * life: about 150 MB on the embedded database (bench/RESULTS.md, "Memory"). One full collection
 * of the kind V8 runs when memory is short, once, shortly after start: a pause of some tens of
 * milliseconds, nothing after.
 */
export function releaseStartupMemory(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as Gc | undefined;
  gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
