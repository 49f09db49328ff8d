import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { gameVisibility, siteNotification } from '../../db/schema/index.js';

export async function visibilityRows(db: DbOrTx): Promise<{ gameType: string; isVisible: boolean }[]> {
  return db.select({ gameType: gameVisibility.gameType, isVisible: gameVisibility.isVisible }).from(gameVisibility);
}

export async function notificationMessage(db: DbOrTx): Promise<string | null> {
  const [row] = await db.select({ message: siteNotification.message }).from(siteNotification).where(eq(siteNotification.id, 1));
  return row?.message?.trim() ? row.message : null;
}
