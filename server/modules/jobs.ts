import type { Db } from '../db/client.js';
import type { Job, StartupTask } from '../plugins/scheduler.js';
import type { App } from '../types.js';
import { ensureFirstAdmin, purgeExpired as purgeAccounts } from './accounts/index.js';
import { purgeIdleDemoPlayers } from './chicken/index.js';
import { colorEngineJob, ColourSaltRefused, prepareChains } from './color/index.js';
import { purgeExpired as purgeIdempotencyKeys } from './idempotency/index.js';
import { sealActiveSeeds } from './play/index.js';
import { runScheduler } from './telegram/index.js';

/** Every table that would otherwise grow for ever with rows past their use. */
const PURGES: [what: string, purge: (db: Db, now: Date) => Promise<number>][] = [
  ['idempotency keys', purgeIdempotencyKeys],
  ['codes, refresh tokens and attempt counts', purgeAccounts],
  ['idle demo players', purgeIdleDemoPlayers],
];

/** One pass over every purge at `now`: how many rows each removed. */
export async function purgeOnce(db: Db, now: Date): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  for (const [what, purge] of PURGES) removed[what] = await purge(db, now);
  return removed;
}

/** How often the Telegram announcer looks for rounds whose start or end has come. */
const ANNOUNCER_MS = 10_000;

/**
 * Every piece of work the server does on its own, in one list; the scheduler
 * (plugins/scheduler.ts) starts them when the server listens and stops them when it closes.
 * Work a request starts after its answer (code deliveries) runs on `app.background`.
 */
export function jobs(app: App): Job[] {
  return [
    colorEngineJob(app),
    {
      name: 'telegram round announcements',
      leaderOnly: true,
      firstAfterMs: 0,
      nextAfterMs: () => ANNOUNCER_MS,
      run: ({ now }) => runScheduler(app.db, app.config, now, app.log),
    },
    {
      name: 'purge of expired rows',
      leaderOnly: true,
      // The first pass a little after start, then every PURGE_MINUTES.
      firstAfterMs: 30_000,
      nextAfterMs: () => app.config.PURGE_MINUTES * 60_000,
      async run({ now }) {
        const removed = await purgeOnce(app.db, now);
        if (Object.values(removed).some((n) => n > 0)) app.log.info({ removed }, 'purged expired rows');
      },
    },
  ];
}

/**
 * The server's one-off work at start, in order, beside its jobs: `ready` tasks run before the
 * first call (a failure stops the start), `listen` tasks once it listens, before the first job.
 */
export function startupTasks(): StartupTask[] {
  return [
    {
      // Pairs made before seeds were sealed at rest are sealed before the first call.
      name: 'seal seed pairs',
      at: 'ready',
      run: async (ctx) => void (await sealActiveSeeds(ctx.db, ctx.config.keys.seeds)),
    },
    {
      // Chain seeds sealed, and COLOR_SALT applied to its chain or refused.
      name: 'prepare colour chains',
      at: 'ready',
      async run(ctx) {
        try {
          const note = await prepareChains(ctx.db, ctx.config, ctx.now);
          if (note) ctx.log.warn(note);
        } catch (err) {
          if (err instanceof ColourSaltRefused) ctx.log.error(err.message);
          throw err;
        }
      },
    },
    {
      // Only a server that serves makes the first admin (a test app that is never listened on does not).
      name: 'first admin',
      at: 'listen',
      run: async (ctx) => void (await ensureFirstAdmin(ctx)),
    },
  ];
}
