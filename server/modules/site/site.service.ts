import { DEMO_START_BALANCE } from '../../../contracts/chicken.js';
import { DEFAULT_LANGUAGE, type Language } from '../../../contracts/language.js';
import { GAME_TYPES, type GameType } from '../../../contracts/accounts.js';
import { DIFFICULTIES, multiplierLadder } from '../../../contracts/chicken.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TEXT_PAGE_MAX, telegramLink, whatsappLink, type SiteSettings, type SupportContacts, type TextPage } from '../../../contracts/site.js';
import type { Config } from '../../config.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { audit } from '../audit/index.js';
import * as repo from './site.repo.js';

/** The games visitors may see: every game unless an admin hid it. */
export async function visibleGames(db: DbOrTx): Promise<string[]> {
  const hidden = new Set((await repo.visibilityRows(db)).filter((r) => !r.isVisible).map((r) => r.gameType));
  return GAME_TYPES.filter((g) => !hidden.has(g));
}

/** The site-wide notification and its Hindi version, nulls when there is none. */
export const notification = (db: DbOrTx): Promise<repo.NotificationText> => repo.notificationText(db);

/** Help & Support's contacts: the back office's, or the settings' until it has saved its own. */
export async function supportContacts(db: DbOrTx, config: Config): Promise<SupportContacts> {
  const row = await repo.supportRow(db);
  if (!row) return { whatsapp: config.SUPPORT_WHATSAPP ?? '', telegram: config.SUPPORT_TELEGRAM ?? '', fromSettings: true };
  return { whatsapp: row.whatsapp ?? '', telegram: row.telegram ?? '', fromSettings: false };
}

/** Saves Help & Support's contacts (an empty one is not offered), recording the change. */
export async function saveSupportContacts(
  db: Db,
  config: Config,
  actorId: string,
  next: { whatsapp: string; telegram: string },
  now: Date,
): Promise<SupportContacts> {
  return db.transaction(async (tx) => {
    const before = await supportContacts(tx, config);
    await repo.saveSupport(tx, { whatsapp: next.whatsapp || null, telegram: next.telegram || null }, actorId, now);
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

/** The limits and the game ladder the server enforces, as the configuration sets them, and the support contacts. */
export async function settings(db: DbOrTx, config: Config): Promise<SiteSettings> {
  const rtp = config.GAME_RTP;
  const support = await supportContacts(db, config);
  return {
    deposit: { min: config.DEPOSIT_MIN, max: config.DEPOSIT_MAX },
    withdraw: { min: config.WITHDRAW_MIN, max: config.WITHDRAW_MAX },
    support: { whatsapp: whatsappLink(support.whatsapp || null), telegram: telegramLink(support.telegram || null) },
    chicken: {
      minBet: config.GAME_MIN_BET,
      maxBet: config.GAME_MAX_BET,
      maxWin: config.GAME_MAX_WIN,
      rtp,
      ladders: Object.fromEntries(DIFFICULTIES.map((d) => [d, multiplierLadder(d, rtp)])) as SiteSettings['chicken']['ladders'],
    },
    // The colour service checks its bets against these same settings (assertBetInRange).
    color: { minBet: config.GAME_MIN_BET, maxBet: config.GAME_MAX_BET },
    playMoney: config.PLAY_MONEY,
    ageConfirmation: config.REQUIRE_AGE_CONFIRMATION,
    helpLinks: config.HELP_LINKS,
    demoBalance: DEMO_START_BALANCE,
  };
}

/** Whether players may see (and start) a game. */
export async function isGameVisible(db: DbOrTx, gameType: string): Promise<boolean> {
  return (await visibleGames(db)).includes(gameType);
}

/** Saves the site-wide message and its Hindi version (null: none), recording the change. */
export async function saveNotification(
  db: Db,
  actorId: string,
  text: { message: string; messageHi: string | null },
  now: Date,
): Promise<{ message: string; messageHi: string | null; updatedAt: string }> {
  return db.transaction(async (tx) => {
    const { before, updatedAt } = await repo.saveNotification(tx, text, actorId, now);
    await audit(tx, { actorId, action: 'update', entity: 'site_notification', entityId: '1', before: { ...before }, after: { ...text } });
    return { ...text, updatedAt: updatedAt.toISOString() };
  });
}

/** Shows or hides a game for players, recording the change. */
export async function setGameVisibility(
  db: Db,
  actorId: string,
  gameType: GameType,
  isVisible: boolean,
  now: Date,
): Promise<{ gameType: GameType; isVisible: boolean }> {
  return db.transaction(async (tx) => {
    const before = await repo.setVisibility(tx, gameType, isVisible, actorId, now);
    await audit(tx, { actorId, action: 'update', entity: 'game_visibility', entityId: gameType, before: { isVisible: before }, after: { isVisible } });
    return { gameType, isVisible };
  });
}

/** Takes the site-wide message down (no dialog for anyone), recording the change. */
export async function clearNotification(db: Db, actorId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const { before } = await repo.saveNotification(tx, { message: null, messageHi: null }, actorId, now);
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
 * (logged by the caller's warning).
 */
export async function textPage(config: Config, page: TextPage, language: Language = DEFAULT_LANGUAGE): Promise<{ markdown: string | null; tooLong: boolean }> {
  if (!config.PAGES_DIR) return { markdown: null, tooLong: false };
  const read = (file: string) => readFile(join(config.PAGES_DIR!, file), 'utf8').catch(() => null);
  const own = language === DEFAULT_LANGUAGE ? null : await read(`${page}.${language}.md`);
  const text = own?.trim() ? own : await read(`${page}.md`);
  if (text === null || !text.trim()) return { markdown: null, tooLong: false };
  if (Buffer.byteLength(text) > TEXT_PAGE_MAX) return { markdown: null, tooLong: true };
  return { markdown: text, tooLong: false };
}
