import fp from 'fastify-plugin';
import { createBackground, type Background } from '../lib/background.js';
import type { App } from '../types.js';

/**
 * A piece of work the server does on its own, on a schedule. `leaderOnly` work runs on one server
 * at a time (the elected leader); other work runs on every server (each sends its own socket
 * clients the colour game's countdown, for one).
 */
export interface Job {
  name: string;
  leaderOnly: boolean;
  /** Milliseconds from the server listening to the first run. */
  firstAfterMs: number;
  /** Milliseconds from the end of one run to the next, by the server's clock. */
  nextAfterMs(now: Date): number;
  /** `leading`: whether this server is the leader now. A failure is logged, and the job runs again on time. */
  run(ctx: { now: Date; leading: boolean }): Promise<void>;
  /** Once, when the server starts listening (before the first run). */
  start?(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by a request that goes on after its answer (code deliveries, notices); drained on close. */
    background: Background;
  }
}

/**
 * The one place background work is started and stopped. Every job of server/modules/jobs.ts runs
 * here once the server listens; one leader election (the database's `background` lock) decides
 * which server runs the leader-only ones, and when the leader dies its lock goes with its
 * connection and another server leads at its next run. On close: timers stop, the work started by
 * requests is drained, and the lock is let go.
 */
export const schedulerPlugin = fp<{ jobs: (app: App) => Job[] }>(async (app: App, { jobs }) => {
  const leadership = app.database.leadership('background');
  app.decorate('background', createBackground(app.log));
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;

  const leading = async () => {
    try {
      return await leadership.tryLead();
    } catch {
      return false;
    }
  };

  const schedule = (job: Job, ms: number) => {
    if (!closed)
      timers.set(
        job.name,
        setTimeout(() => void runOnce(job), ms),
      );
  };

  const runOnce = async (job: Job) => {
    if (closed) return;
    try {
      const now = app.clock.now();
      const lead = await leading();
      if (lead || !job.leaderOnly) await job.run({ now, leading: lead });
    } catch (err) {
      // An outage of the database is logged once, by its watch; the job runs again on time and
      // catches up once the database is back.
      if (!app.outages.database.noticed(err)) app.log.error({ err }, job.name);
    }
    schedule(job, job.nextAfterMs(app.clock.now()));
  };

  app.addHook('onListen', async () => {
    for (const job of jobs(app)) {
      job.start?.();
      schedule(job, job.firstAfterMs);
    }
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers.values()) clearTimeout(timer);
    await app.background.drain();
    await leadership.release();
  });
});
