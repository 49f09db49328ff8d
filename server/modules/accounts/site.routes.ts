import { GAME_TYPES } from '../../../contracts/accounts.js';
import type { App } from '../../types.js';
import { notificationMessage, visibilityRows } from './site.repo.js';

const tags = ['site'];

/** Public calls every visitor's screens make. */
export function siteRoutes(app: App): void {
  app.get('/users/visible-games', { schema: { tags } }, async () => {
    const hidden = new Set((await visibilityRows(app.db)).filter((r) => !r.isVisible).map((r) => r.gameType));
    return { success: true, data: GAME_TYPES.filter((g) => !hidden.has(g)) };
  });

  // `message` is the notification itself (null when there is none), as the spec's client reads it.
  app.get('/notification/get', { schema: { tags } }, async () => ({ success: true, message: await notificationMessage(app.db) }));
}
