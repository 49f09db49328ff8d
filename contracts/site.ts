import { z } from 'zod';
import { DIFFICULTIES } from './chicken.math.js';
import { GAME_TYPES, languageSchema } from './accounts.js';
import { ok } from './envelope.js';

/**
 * GET /site/settings: the values the server owns and enforces (limits, the game's ladder), for
 * screens to show and pre-check. The web app never types them a second time; the server's
 * configuration decides them (README "Configuration").
 */
export const siteSettingsSchema = z.object({
  deposit: z.object({ min: z.number(), max: z.number() }),
  withdraw: z.object({ min: z.number(), max: z.number() }),
  /** Where Help & Support chats open, when the operator has set them. */
  support: z.object({ whatsapp: z.string().nullable(), telegram: z.string().nullable() }),
  chicken: z.object({
    minBet: z.number(),
    maxBet: z.number(),
    maxWin: z.number(),
    rtp: z.number(),
    /** The multiplier after 1, 2, … safe lanes, per difficulty. */
    ladders: z.record(z.enum(DIFFICULTIES), z.array(z.number())),
  }),
  /** The colour game's smallest and largest bet, in rupees. */
  color: z.object({ minBet: z.number(), maxBet: z.number() }),
  /** A play-money site: no deposits or withdrawals, every figure is play money. */
  playMoney: z.boolean(),
  /** Sign-up asks the player to confirm being 18 or older. */
  ageConfirmation: z.boolean(),
  /** Help organisations for the Safer play page. */
  helpLinks: z.array(z.object({ name: z.string(), url: z.string() })),
  /** The demo game's starting play money, in rupees. */
  demoBalance: z.number(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const siteSettingsAnswerSchema = ok(siteSettingsSchema);

/**
 * POST /notification/add: the site-wide message (an empty one clears it is not allowed: the original
 * app requires text), and optionally its Hindi version for Hindi readers. A message saved without
 * one (as the original client saves it) has none: an earlier Hindi text would say another message.
 */
export const NOTIFICATION_MAX = 1000;
export const notificationBodySchema = z.object({
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(NOTIFICATION_MAX, `Message can be at most ${NOTIFICATION_MAX} characters`),
  messageHi: z
    .string({ error: 'The Hindi message is text' })
    .trim()
    .max(NOTIFICATION_MAX, `The Hindi message can be at most ${NOTIFICATION_MAX} characters`)
    .nullish()
    .transform((v) => v || null),
});
export const notificationSavedAnswerSchema = ok(z.object({ message: z.string(), messageHi: z.string().nullable().optional(), updatedAt: z.string() }));

/** POST /admin/game-visibility. `isVisible` may come as a boolean or as "true"/"false". */
export const gameVisibilityBodySchema = z.object({
  gameType: z.enum(GAME_TYPES, { error: `gameType must be one of: ${GAME_TYPES.join(', ')}` }),
  isVisible: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], { error: 'isVisible must be true or false' }),
});
export const gameVisibilityAnswerSchema = ok(z.object({ gameType: z.enum(GAME_TYPES), isVisible: z.boolean() }));

/**
 * Help & Support's contacts: a WhatsApp number and a Telegram username. One home for their rules,
 * read by the configuration's defaults (SUPPORT_WHATSAPP, SUPPORT_TELEGRAM) and by the back office.
 */
export const supportWhatsappSchema = z
  .string()
  .transform((v) => v.trim().replace(/[\s-]/g, ''))
  .pipe(z.union([z.literal(''), z.string().regex(/^\+?\d{8,15}$/, 'WhatsApp must be a phone number such as +919876543210')]));
export const supportTelegramSchema = z
  .string()
  .transform((v) => v.trim().replace(/^@/, ''))
  .pipe(z.union([z.literal(''), z.string().regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, 'Telegram must be a username such as @rupeearcade')]));

/** The chat links a contact opens (null: not offered). */
export const whatsappLink = (number: string | null) => (number ? `https://wa.me/${number.replace(/^\+/, '')}` : null);
export const telegramLink = (username: string | null) => (username ? `https://t.me/${username}` : null);

/** PUT /admin/support-contacts: both contacts; an empty one is not offered. */
export const supportContactsBodySchema = z.object({
  whatsapp: supportWhatsappSchema,
  telegram: supportTelegramSchema,
});
/** The contacts as the back office edits them ('' for none), and whether they are the settings' defaults. */
export const supportContactsSchema = z.object({ whatsapp: z.string(), telegram: z.string(), fromSettings: z.boolean() });
export const supportContactsAnswerSchema = ok(supportContactsSchema);
export type SupportContacts = z.infer<typeof supportContactsSchema>;

/** Pages whose text an operator may replace with a Markdown file of their own (PAGES_DIR/<page>.md). */
export const TEXT_PAGES = ['terms', 'privacy', 'safer-play'] as const;
export type TextPage = (typeof TEXT_PAGES)[number];
/** Longest operator text served (bytes). */
export const TEXT_PAGE_MAX = 64 * 1024;
export const textPageParamsSchema = z.object({ page: z.enum(TEXT_PAGES, { error: `The page is one of: ${TEXT_PAGES.join(', ')}` }) });
/** GET /site/pages/:page: the operator's Markdown, or null for the built-in text. */
/** `?lang=hi`: the operator's text in that language (`<page>.hi.md`) where they wrote one. */
export const textPageQuerySchema = z.object({ lang: languageSchema.optional() });
export const textPageAnswerSchema = ok(z.object({ page: z.enum(TEXT_PAGES), markdown: z.string().nullable() }));
