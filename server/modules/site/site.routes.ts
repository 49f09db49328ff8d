import type { App } from '../../types.js';
import { notification, visibleGames } from './site.service.js';

const tags = ['site'];

/** Public calls every visitor's screens make. */
export async function siteRoutes(app: App): Promise<void> {
  app.get('/users/visible-games', { schema: { tags } }, async () => ({ success: true, data: await visibleGames(app.db) }));

  // `message` is the notification itself (null when there is none), as the spec's client reads it.
  app.get('/notification/get', { schema: { tags } }, async () => ({ success: true, message: await notification(app.db) }));
}
