import { notificationAnswerSchema, visibleGamesAnswerSchema } from '../../../contracts/accounts.js';
import {
  gameVisibilityAnswerSchema,
  gameVisibilityBodySchema,
  notificationBodySchema,
  notificationSavedAnswerSchema,
  siteSettingsAnswerSchema,
  supportContactsAnswerSchema,
  supportContactsBodySchema,
  textPageAnswerSchema,
  textPageParamsSchema,
  textPageQuerySchema,
} from '../../../contracts/site.js';
import { routes, said } from '../../http/route.js';
import type { App } from '../../types.js';
import {
  clearNotification,
  notification,
  saveNotification,
  saveSupportContacts,
  setGameVisibility,
  supportContacts,
  textPage,
  visibleGames,
} from './site.service.js';
import { savedNotificationView, siteSettingsView } from './site.view.js';

const tags = ['site'];
const games = { admin: 'games' } as const;

/** Public calls every visitor's screens make, and the back office's edits of them (page games). */
export async function siteRoutes(app: App): Promise<void> {
  const r = routes(app, { tags, guard: 'public' });

  r.get('/users/visible-games', {
    summary: 'The games players may see (public)',
    data: visibleGamesAnswerSchema.shape.data,
    message: 'Visible games',
    handler: async (_input, ctx) => visibleGames(ctx),
  });

  r.get('/site/settings', {
    summary: 'Limits and the game ladder the server enforces (public)',
    data: siteSettingsAnswerSchema.shape.data,
    message: 'Site settings',
    handler: async (_input, ctx) => siteSettingsView(ctx.config, await supportContacts(ctx)),
  });

  r.get('/site/pages/:page', {
    summary: "The operator's own Markdown for Terms, Privacy or Safer play (PAGES_DIR), or null for the built-in text (public)",
    params: textPageParamsSchema,
    query: textPageQuerySchema,
    data: textPageAnswerSchema.shape.data,
    message: 'Page text',
    handler: async ({ params, query }, ctx) => ({ page: params.page, markdown: await textPage(ctx, { page: params.page, language: query.lang }) }),
  });

  r.get('/admin/support-contacts', {
    summary: "Help & Support's contacts as the back office edits them (page games)",
    guard: games,
    data: supportContactsAnswerSchema.shape.data,
    message: 'Support contacts',
    handler: async (_input, ctx) => supportContacts(ctx),
  });

  r.put('/admin/support-contacts', {
    summary: "Save Help & Support's WhatsApp number and Telegram username; an empty one is not offered (page games)",
    guard: games,
    body: supportContactsBodySchema,
    data: supportContactsAnswerSchema.shape.data,
    message: 'Support contacts saved',
    handler: async ({ body }, ctx) => saveSupportContacts(ctx, body),
  });

  // `message` is the notification itself (null when there is none), as the original client reads it;
  // `messageHi` its Hindi version for Hindi readers (null when none). The text goes in `extra`, as
  // `said` takes a message that is always a string.
  r.get('/notification/get', {
    summary: 'The site-wide message and its Hindi version, null when there is none (public)',
    answer: notificationAnswerSchema,
    handler: async (_input, ctx) => said('', undefined, { ...(await notification(ctx)) }),
  });

  // The original client reads a failure's text from `error`: this call alone answers it there too.
  await app.register(async (scope: App) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      try {
        const body = JSON.parse(payload) as { message?: string };
        return JSON.stringify({ ...body, error: body.message });
      } catch {
        return payload;
      }
    });
    routes(scope, { tags, guard: games }).post('/notification/add', {
      summary: 'Save the site-wide message, and optionally its Hindi version for Hindi readers; saved without one, it has none (page games)',
      body: notificationBodySchema,
      data: notificationSavedAnswerSchema.shape.data,
      message: 'Message saved successfully',
      handler: async ({ body }, ctx) => savedNotificationView(await saveNotification(ctx, { message: body.message, messageHi: body.messageHi ?? null })),
    });
  });

  r.delete('/notification', {
    summary: 'Take the site-wide message down (page games)',
    guard: games,
    message: 'Notification removed',
    handler: async (_input, ctx) => clearNotification(ctx),
  });

  r.post('/admin/game-visibility', {
    summary: 'Show or hide a game for players (page games)',
    guard: games,
    body: gameVisibilityBodySchema,
    data: gameVisibilityAnswerSchema.shape.data,
    message: (data) => (data.isVisible ? 'Game enabled' : 'Game disabled'),
    handler: async ({ body }, ctx) => setGameVisibility(ctx, { gameType: body.gameType, isVisible: body.isVisible }),
  });
}
