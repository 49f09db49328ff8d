import { and, asc, eq } from 'drizzle-orm';
import type { CryptoNetwork, CryptoType } from '../../../contracts/crypto.js';
import type { DbOrTx } from '../../db/client.js';
import { walletQrCodes } from '../../db/schema/index.js';

export type QrKind = 'upi' | 'crypto';
export type QrRow = typeof walletQrCodes.$inferSelect;

export async function listQrCodes(db: DbOrTx, kind: QrKind): Promise<QrRow[]> {
  return db.select().from(walletQrCodes).where(eq(walletQrCodes.kind, kind)).orderBy(asc(walletQrCodes.createdAt));
}

/** Whether players have somewhere to pay by this kind: a QR code the back office set. */
export async function hasQrCode(db: DbOrTx, kind: QrKind): Promise<boolean> {
  const [row] = await db.select({ id: walletQrCodes.id }).from(walletQrCodes).where(eq(walletQrCodes.kind, kind)).limit(1);
  return row !== undefined;
}

/** The UPI code players pay to (the first one, as the deposit screen shows it), if the back office set one. */
export async function findUpiCode(db: DbOrTx): Promise<QrRow | undefined> {
  const [row] = await db.select().from(walletQrCodes).where(eq(walletQrCodes.kind, 'upi')).orderBy(asc(walletQrCodes.createdAt)).limit(1);
  return row;
}

/** The crypto code that receives `coin` on `network`, if the back office set one. */
export async function findCryptoCode(db: DbOrTx, coin: CryptoType, network: CryptoNetwork): Promise<QrRow | undefined> {
  const [row] = await db
    .select()
    .from(walletQrCodes)
    .where(and(eq(walletQrCodes.kind, 'crypto'), eq(walletQrCodes.coin, coin), eq(walletQrCodes.network, network)))
    .limit(1);
  return row;
}

/**
 * One UPI code, and one crypto code per coin and network (a unique index): answers undefined when
 * that one already exists.
 */
export async function insertQrCode(
  db: DbOrTx,
  v: {
    kind: QrKind;
    title: string;
    titleHi: string | null;
    payTo: string | null;
    coin: CryptoType | null;
    network: CryptoNetwork | null;
    fileName: string;
    mimeType: string;
    sizeBytes: number;
    createdBy: string;
  },
): Promise<QrRow | undefined> {
  const [row] = await db.insert(walletQrCodes).values(v).onConflictDoNothing().returning();
  return row;
}

/** One code of a kind; `lock` holds it until the transaction ends, so a replace and a delete do not cross. */
export async function findQrCode(db: DbOrTx, kind: QrKind, id: string, opts: { lock?: boolean } = {}): Promise<QrRow | undefined> {
  const query = db
    .select()
    .from(walletQrCodes)
    .where(and(eq(walletQrCodes.kind, kind), eq(walletQrCodes.id, id)))
    .limit(1);
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** Points a code at a new image (and titles and pay-to), keeping its id and target. */
export async function replaceQrImage(
  db: DbOrTx,
  kind: QrKind,
  id: string,
  v: { title: string; titleHi: string | null; payTo: string | null; fileName: string; mimeType: string; sizeBytes: number },
): Promise<QrRow | undefined> {
  const [row] = await db
    .update(walletQrCodes)
    .set(v)
    .where(and(eq(walletQrCodes.kind, kind), eq(walletQrCodes.id, id)))
    .returning();
  return row;
}

export async function deleteQrCode(db: DbOrTx, kind: QrKind, id: string): Promise<QrRow | undefined> {
  const [row] = await db
    .delete(walletQrCodes)
    .where(and(eq(walletQrCodes.kind, kind), eq(walletQrCodes.id, id)))
    .returning();
  return row;
}
