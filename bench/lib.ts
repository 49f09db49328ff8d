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

/** Where a process's resident memory is, in MiB (Linux): how each part is measured is in bench/RESULTS.md, "Memory". */
export interface MemoryBreakdown {
  rss: number;
  /** The embedded database's WebAssembly memory: the pages of it in use (its mapping is at least 128 MiB). */
  wasm: number;
  /** V8's JavaScript heap, committed (from the server's /metrics). */
  v8Heap: number;
  /** Code and other files mapped: Node.js itself, native modules. */
  files: number;
  /** Everything else: native allocations (buffers, TLS, the database driver), V8's code and stacks. */
  native: number;
}

/** `embedded`: the server runs PGlite (on PostgreSQL there is no WebAssembly memory to find). */
export async function memoryBreakdown(pid: number, base: string, embedded = true): Promise<MemoryBreakdown> {
  let wasm = 0;
  let files = 0;
  let size = 0;
  let path = '';
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) path = head[1];
    else if (line.startsWith('Size:')) size = Number(line.replace(/\D+/g, ''));
    else if (line.startsWith('Rss:')) {
      const kib = Number(line.replace(/\D+/g, ''));
      if (path && !path.startsWith('[')) files += kib;
      else if (embedded && !path && size >= 128 * 1024) wasm += kib;
    }
  }
  const metrics = await fetch(`${base}/metrics`).then(
    (r) => (r.ok ? r.text() : ''),
    () => '',
  );
  const heapBytes = Number(/^nodejs_heap_size_total_bytes (\S+)$/m.exec(metrics)?.[1] ?? NaN);
  const mib = (kib: number) => Math.round(kib / 1024);
  const rss = rssMiB(pid);
  const v8Heap = Math.round(heapBytes / 2 ** 20);
  return { rss, wasm: mib(wasm), v8Heap, files: mib(files), native: Math.max(0, rss - mib(wasm) - v8Heap - mib(files)) };
}
