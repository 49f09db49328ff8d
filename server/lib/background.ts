import type { FastifyBaseLogger } from 'fastify';

/** Work that goes on after the answer has been sent. */
export interface Background {
  /** Starts `task` now without waiting for it; a failure is logged, never thrown. */
  run(what: string, task: () => Promise<unknown>): void;
  /** Settles once everything started so far has ended (on close, before the database goes). */
  drain(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      const job: Promise<void> = Promise.resolve()
        .then(task)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err }, `${what} failed`),
        )
        .finally(() => running.delete(job));
      running.add(job);
    },
    async drain() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
