import { notificationAnswerSchema, visibleGamesAnswerSchema } from '../../../contracts/accounts.js';
import type { App } from '../../types.js';
import { siteSettingsAnswerSchema } from '../../../contracts/site.js';
import { notification, settings, visibleGames } from './site.service.js';

const tags = ['site'];

/** Public calls every visitor's screens make. */
export async function siteRoutes(app: App): Promise<void> {
  app.get('/users/visible-games', { schema: { tags, response: { 200: visibleGamesAnswerSchema } } }, async () => ({
    success: true as const,
    message: 'Visible games',
    data: await visibleGames(app.db),
  }));

  app.get(
    '/site/settings',
    { schema: { tags, summary: 'Limits and the game ladder the server enforces (public)', response: { 200: siteSettingsAnswerSchema } } },
    async () => ({ success: true as const, message: 'Site settings', data: settings(app.config) }),
  );

  // `message` is the notification itself (null when there is none), as the spec's client reads it.
  app.get('/notification/get', { schema: { tags, response: { 200: notificationAnswerSchema } } }, async () => ({
    success: true as const,
    message: await notification(app.db),
  }));
}
