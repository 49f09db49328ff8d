import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GAME_TYPES, type GameType } from '../../../contracts/accounts.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/language.js';
import { TEXT_PAGE_MAX, type SupportContacts, type TextPage } from '../../../contracts/site.js';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import * as repo from './site.repo.js';

/** The games visitors may see: every game unless an admin hid it. */
async function shownGames(db: DbOrTx): Promise<string[]> {
  const hidden = new Set((await repo.visibilityRows(db)).filter((r) => !r.isVisible).map((r) => r.gameType));
  return GAME_TYPES.filter((g) => !hidden.has(g));
}

/** The games visitors may see. */
export const visibleGames = (ctx: Ctx): Promise<string[]> => shownGames(ctx.db);

/** The site-wide notification and its Hindi version, nulls when there is none. */
export const notification = (ctx: Ctx): Promise<repo.NotificationText> => repo.notificationText(ctx.db);

/** Help & Support's contacts: the back office's, or the settings' until it has saved its own. */
export const supportContacts = (ctx: Ctx): Promise<SupportContacts> => contactsIn(ctx.db, ctx.config);

async function contactsIn(db: DbOrTx, config: Config): Promise<SupportContacts> {
  const row = await repo.supportRow(db);
  if (!row) return { whatsapp: config.SUPPORT_WHATSAPP ?? '', telegram: config.SUPPORT_TELEGRAM ?? '', fromSettings: true };
  return { whatsapp: row.whatsapp ?? '', telegram: row.telegram ?? '', fromSettings: false };
}

/** Saves Help & Support's contacts (an empty one is not offered), recording the change. */
export async function saveSupportContacts(ctx: RequestCtx<AuthUser>, next: { whatsapp: string; telegram: string }): Promise<SupportContacts> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const before = await contactsIn(tx, ctx.config);
    await repo.saveSupport(tx, { whatsapp: next.whatsapp || null, telegram: next.telegram || null }, actorId, ctx.now);
    await audit(tx, {
      actorId,
      action: 'update',
      entity: 'site_support',
      entityId: '1',
      before: { whatsapp: before.whatsapp, telegram: before.telegram },
      after: next,
    });
    return { ...next, fromSettings: false };
  });
}

/** Whether players may see (and start) a game. */
export async function isGameVisible(db: DbOrTx, gameType: string): Promise<boolean> {
  return (await shownGames(db)).includes(gameType);
}

/** The site-wide message as saved: its text, its Hindi version (null: none) and when. */
export interface SavedNotification {
  message: string;
  messageHi: string | null;
  updatedAt: Date;
}

/** Saves the site-wide message and its Hindi version (null: none), recording the change. */
export async function saveNotification(ctx: RequestCtx<AuthUser>, text: { message: string; messageHi: string | null }): Promise<SavedNotification> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const { before, updatedAt } = await repo.saveNotification(tx, text, actorId, ctx.now);
    await audit(tx, { actorId, action: 'update', entity: 'site_notification', entityId: '1', before: { ...before }, after: { ...text } });
    return { ...text, updatedAt };
  });
}

/** Shows or hides a game for players, recording the change. */
export async function setGameVisibility(
  ctx: RequestCtx<AuthUser>,
  { gameType, isVisible }: { gameType: GameType; isVisible: boolean },
): Promise<{ gameType: GameType; isVisible: boolean }> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const before = await repo.setVisibility(tx, gameType, isVisible, actorId, ctx.now);
    await audit(tx, { actorId, action: 'update', entity: 'game_visibility', entityId: gameType, before: { isVisible: before }, after: { isVisible } });
    return { gameType, isVisible };
  });
}

/** Takes the site-wide message down (no dialog for anyone), recording the change. */
export async function clearNotification(ctx: RequestCtx<AuthUser>): Promise<void> {
  const actorId = ctx.user.id;
  await ctx.db.transaction(async (tx) => {
    const { before } = await repo.saveNotification(tx, { message: null, messageHi: null }, actorId, ctx.now);
    await audit(tx, {
      actorId,
      action: 'delete',
      entity: 'site_notification',
      entityId: '1',
      before: { ...before },
      after: { message: null, messageHi: null },
    });
  });
}

/**
 * The operator's own text for a page (`PAGES_DIR/<page>.md`; in Hindi `<page>.hi.md` where there is
 * one), or null for the built-in one: no folder, no file, an empty file, or one past TEXT_PAGE_MAX
 * (which is logged as a warning).
 */
export async function textPage(ctx: Ctx, { page, language = DEFAULT_LANGUAGE }: { page: TextPage; language?: Language }): Promise<string | null> {
  const dir = ctx.config.PAGES_DIR;
  if (!dir) return null;
  const read = (file: string) => readFile(join(dir, file), 'utf8').catch(() => null);
  const own = language === DEFAULT_LANGUAGE ? null : await read(`${page}.${language}.md`);
  const text = own?.trim() ? own : await read(`${page}.md`);
  if (text === null || !text.trim()) return null;
  if (Buffer.byteLength(text) > TEXT_PAGE_MAX) {
    ctx.log.warn({ page }, `PAGES_DIR/${page}.md is over ${TEXT_PAGE_MAX} bytes: the built-in text is shown`);
    return null;
  }
  return text;
}
