import fp from 'fastify-plugin';
import { createBackground, type Background } from '../lib/background.js';
import { contextOf, type Ctx } from '../lib/context.js';
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
  run(ctx: JobCtx): Promise<void>;
  /** Once, when the server starts listening (before the first run). */
  start?(): void;
}

/** A job run's context: the app's, at the run's one `now`, and whether this server leads. */
export type JobCtx = Ctx & { leading: boolean };

/**
 * One-off work before the server takes calls (`ready`: before the first request, so a failure
 * stops the start) or once it listens (`listen`: before the first job run).
 */
export interface StartupTask {
  name: string;
  at: 'ready' | 'listen';
  run(ctx: Ctx): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by a request that goes on after its answer (code deliveries, notices); drained on close. */
    background: Background;
  }
}

/**
 * The one place background work is started and stopped. The start-up tasks of server/modules/jobs.ts
 * run here before the first call, and every job of it once the server listens; one leader election (the database's `background` lock) decides
 * which server runs the leader-only ones, and when the leader dies its lock goes with its
 * connection and another server leads at its next run. On close: timers stop, the work started by
 * requests is drained, and the lock is let go.
 */
export const schedulerPlugin = fp<{ jobs: (app: App) => Job[]; tasks: (app: App) => StartupTask[] }>(async (app: App, { jobs, tasks }) => {
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
      const ctx = contextOf(app);
      const lead = await leading();
      if (lead || !job.leaderOnly) await job.run({ ...ctx, leading: lead });
    } catch (err) {
      // An outage of the database is logged once, by its watch; the job runs again on time and
      // catches up once the database is back.
      if (!app.outages.database.noticed(err)) app.log.error({ err }, job.name);
    }
    schedule(job, job.nextAfterMs(app.clock.now()));
  };

  const runTasks = async (at: StartupTask['at']) => {
    for (const task of tasks(app).filter((t) => t.at === at)) await task.run(contextOf(app));
  };
  app.addHook('onReady', () => runTasks('ready'));
  app.addHook('onListen', async () => {
    await runTasks('listen');
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
