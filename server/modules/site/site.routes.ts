import { notificationAnswerSchema, visibleGamesAnswerSchema } from '../../../contracts/accounts.js';
import type { App } from '../../types.js';
import {
  gameVisibilityAnswerSchema,
  gameVisibilityBodySchema,
  notificationBodySchema,
  notificationSavedAnswerSchema,
  siteSettingsAnswerSchema,
} from '../../../contracts/site.js';
import { requireAdmin } from '../../plugins/auth.js';
import { okMessage } from '../../../contracts/envelope.js';
import { clearNotification, notification, saveNotification, setGameVisibility, settings, visibleGames } from './site.service.js';

const tags = ['site'];
const security = [{ bearer: [] }];

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

  // `message` is the notification itself (null when there is none), as the original client reads it.
  app.get('/notification/get', { schema: { tags, response: { 200: notificationAnswerSchema } } }, async () => ({
    success: true as const,
    message: await notification(app.db),
  }));

  app.post(
    '/notification/add',
    {
      onRequest: requireAdmin('games'),
      schema: {
        tags,
        security,
        summary: 'Save the site-wide message (page games)',
        body: notificationBodySchema,
        response: { 200: notificationSavedAnswerSchema },
      },
      // The original client reads a failure's text from `error`.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
        try {
          const body = JSON.parse(payload) as { message?: string };
          return JSON.stringify({ ...body, error: body.message });
        } catch {
          return payload;
        }
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Message saved successfully',
      data: await saveNotification(app.db, request.user!.id, request.body.message, app.clock.now()),
    }),
  );

  app.delete(
    '/notification',
    { onRequest: requireAdmin('games'), schema: { tags, security, summary: 'Take the site-wide message down (page games)', response: { 200: okMessage } } },
    async (request) => {
      await clearNotification(app.db, request.user!.id, app.clock.now());
      return { success: true as const, message: 'Notification removed' };
    },
  );

  app.post(
    '/admin/game-visibility',
    {
      onRequest: requireAdmin('games'),
      schema: {
        tags,
        security,
        summary: 'Show or hide a game for players (page games)',
        body: gameVisibilityBodySchema,
        response: { 200: gameVisibilityAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.isVisible ? 'Game enabled' : 'Game disabled',
      data: await setGameVisibility(app.db, request.user!.id, request.body.gameType, request.body.isVisible, app.clock.now()),
    }),
  );
}
