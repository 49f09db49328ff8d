import { notificationAnswerSchema, visibleGamesAnswerSchema } from '../../../contracts/accounts.js';
import type { App } from '../../types.js';
import {
  gameVisibilityAnswerSchema,
  gameVisibilityBodySchema,
  notificationBodySchema,
  notificationSavedAnswerSchema,
  siteSettingsAnswerSchema,
  supportContactsAnswerSchema,
  supportContactsBodySchema,
  TEXT_PAGE_MAX,
  textPageAnswerSchema,
  textPageParamsSchema,
  textPageQuerySchema,
} from '../../../contracts/site.js';
import { requireAdmin } from '../../plugins/auth.js';
import { okMessage } from '../../../contracts/envelope.js';
import {
  clearNotification,
  notification,
  saveNotification,
  saveSupportContacts,
  setGameVisibility,
  settings,
  supportContacts,
  textPage,
  visibleGames,
} from './site.service.js';

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
    async () => ({ success: true as const, message: 'Site settings', data: await settings(app.db, app.config) }),
  );

  app.get(
    '/site/pages/:page',
    {
      schema: {
        tags,
        summary: "The operator's own Markdown for Terms, Privacy or Safer play (PAGES_DIR), or null for the built-in text (public)",
        params: textPageParamsSchema,
        querystring: textPageQuerySchema,
        response: { 200: textPageAnswerSchema },
      },
    },
    async (request) => {
      const { page } = request.params;
      const { markdown, tooLong } = await textPage(app.config, page, request.query.lang);
      if (tooLong) request.log.warn({ page }, `PAGES_DIR/${page}.md is over ${TEXT_PAGE_MAX} bytes: the built-in text is shown`);
      return { success: true as const, message: 'Page text', data: { page, markdown } };
    },
  );

  app.get(
    '/admin/support-contacts',
    {
      onRequest: requireAdmin('games'),
      schema: {
        tags,
        security,
        summary: "Help & Support's contacts as the back office edits them (page games)",
        response: { 200: supportContactsAnswerSchema },
      },
    },
    async () => ({ success: true as const, message: 'Support contacts', data: await supportContacts(app.db, app.config) }),
  );

  app.put(
    '/admin/support-contacts',
    {
      onRequest: requireAdmin('games'),
      schema: {
        tags,
        security,
        summary: "Save Help & Support's WhatsApp number and Telegram username; an empty one is not offered (page games)",
        body: supportContactsBodySchema,
        response: { 200: supportContactsAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Support contacts saved',
      data: await saveSupportContacts(app.db, app.config, request.user!.id, request.body, app.clock.now()),
    }),
  );

  // `message` is the notification itself (null when there is none), as the original client reads it;
  // `messageHi` its Hindi version for Hindi readers (null when none).
  app.get('/notification/get', { schema: { tags, response: { 200: notificationAnswerSchema } } }, async () => ({
    success: true as const,
    ...(await notification(app.db)),
  }));

  app.post(
    '/notification/add',
    {
      onRequest: requireAdmin('games'),
      schema: {
        tags,
        security,
        summary: 'Save the site-wide message, and optionally its Hindi version for Hindi readers; saved without one, it has none (page games)',
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
      data: await saveNotification(app.db, request.user!.id, { message: request.body.message, messageHi: request.body.messageHi ?? null }, app.clock.now()),
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
