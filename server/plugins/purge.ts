import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { purgeExpired as purgeAccounts } from '../modules/accounts/index.js';
import { purgeIdleDemoPlayers } from '../modules/chicken/index.js';
import { purgeExpired as purgeIdempotencyKeys } from '../modules/idempotency/index.js';
import type { App } from '../types.js';

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

/** The first pass runs this long after the server starts listening, then every PURGE_MINUTES. */
const FIRST_PASS_MS = 30_000;

/**
 * Purges expired keys, codes, tokens and idle demo players on a schedule, on one server at a
 * time (the database elects it, as it does the colour engine's).
 */
export const purgePlugin = fp(async (app: App) => {
  const leadership = app.database.leadership('purge');
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const pass = async () => {
    try {
      if (await leadership.tryLead()) {
        const removed = await purgeOnce(app.db, app.clock.now());
        if (Object.values(removed).some((n) => n > 0)) app.log.info({ removed }, 'purged expired rows');
      }
    } catch (err) {
      app.log.error({ err }, 'purge of expired rows');
    }
    if (!closed) timer = setTimeout(() => void pass(), app.config.PURGE_MINUTES * 60_000);
  };
  app.addHook('onListen', async () => {
    timer = setTimeout(() => void pass(), FIRST_PASS_MS);
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
    await leadership.release();
  });
});
