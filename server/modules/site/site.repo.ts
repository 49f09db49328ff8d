import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { gameVisibility, siteNotification, siteSupport } from '../../db/schema/index.js';

export async function visibilityRows(db: DbOrTx): Promise<{ gameType: string; isVisible: boolean }[]> {
  return db.select({ gameType: gameVisibility.gameType, isVisible: gameVisibility.isVisible }).from(gameVisibility);
}

/** The site-wide notification and its Hindi version, or nulls when there is none. */
export interface NotificationText {
  message: string | null;
  messageHi: string | null;
}

export async function notificationText(db: DbOrTx): Promise<NotificationText> {
  const [row] = await db
    .select({ message: siteNotification.message, messageHi: siteNotification.messageHi })
    .from(siteNotification)
    .where(eq(siteNotification.id, 1));
  if (!row?.message?.trim()) return { message: null, messageHi: null };
  return { message: row.message, messageHi: row.messageHi?.trim() ? row.messageHi : null };
}

export async function saveNotification(db: DbOrTx, text: NotificationText, actorId: string, now: Date): Promise<{ before: NotificationText; updatedAt: Date }> {
  const before = await notificationText(db);
  const [row] = await db
    .insert(siteNotification)
    .values({ id: 1, ...text, updatedBy: actorId, updatedAt: now })
    .onConflictDoUpdate({ target: siteNotification.id, set: { ...text, updatedBy: actorId, updatedAt: now } })
    .returning({ updatedAt: siteNotification.updatedAt });
  return { before, updatedAt: row.updatedAt };
}

/** Sets a game's visibility; answers what it was before (visible when it had no row). */
export async function setVisibility(db: DbOrTx, gameType: string, isVisible: boolean, actorId: string, now: Date): Promise<boolean> {
  const [old] = await db.select({ isVisible: gameVisibility.isVisible }).from(gameVisibility).where(eq(gameVisibility.gameType, gameType)).for('update');
  await db
    .insert(gameVisibility)
    .values({ gameType, isVisible, updatedBy: actorId, updatedAt: now })
    .onConflictDoUpdate({ target: gameVisibility.gameType, set: { isVisible, updatedBy: actorId, updatedAt: now } });
  return old?.isVisible ?? true;
}

/** The back office's support contacts, or undefined while it has set none (the settings apply). */
export async function supportRow(db: DbOrTx): Promise<{ whatsapp: string | null; telegram: string | null } | undefined> {
  const [row] = await db.select({ whatsapp: siteSupport.whatsapp, telegram: siteSupport.telegram }).from(siteSupport).where(eq(siteSupport.id, 1));
  return row;
}

export async function saveSupport(db: DbOrTx, v: { whatsapp: string | null; telegram: string | null }, actorId: string, now: Date): Promise<void> {
  await db
    .insert(siteSupport)
    .values({ id: 1, ...v, updatedBy: actorId, updatedAt: now })
    .onConflictDoUpdate({ target: siteSupport.id, set: { ...v, updatedBy: actorId, updatedAt: now } });
}
