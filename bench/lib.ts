/* What the benchmarks share: a free port, waiting for the server, reading a process's memory and CPU, and their section of RESULTS.md. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** Waits until the server at `base` answers /healthz (about a minute at most), or its process has exited. */
export async function waitHealthy(base: string, exited: () => boolean = () => false): Promise<void> {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    if (i > 300 || exited()) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The value at percentile `p` of an ascending list (NaN when empty). */
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);

/** A process's resident memory in MiB. */
export const rssMiB = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Math.round(Number(line.replace(/\D+/g, '')) / 1024) : NaN;
};

const RESULTS = new URL('./RESULTS.md', import.meta.url);

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in bench/RESULTS.md (or appends it), markers included. */
export function writeSection(name: string, body: string): void {
  const [start, end] = [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`];
  const section = `${start}\n${body.trim()}\n${end}`;
  const current = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  writeFileSync(RESULTS, from >= 0 && to > from ? current.slice(0, from) + section + current.slice(to + end.length) : `${current.trimEnd()}\n\n${section}\n`);
  console.log('Written to bench/RESULTS.md');
}
