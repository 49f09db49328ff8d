import { asc, eq } from 'drizzle-orm';
import type { CryptoType } from '../../../contracts/crypto.js';
import type { DbOrTx } from '../../db/client.js';
import { walletCoinRates } from '../../db/schema/index.js';

export type CoinRateRow = typeof walletCoinRates.$inferSelect;

/** Every coin's rate the back office has set. */
export async function listCoinRates(db: DbOrTx): Promise<CoinRateRow[]> {
  return db.select().from(walletCoinRates).orderBy(asc(walletCoinRates.coin));
}

export async function findCoinRate(db: DbOrTx, coin: CryptoType): Promise<CoinRateRow | undefined> {
  const [row] = await db.select().from(walletCoinRates).where(eq(walletCoinRates.coin, coin));
  return row;
}

/** Sets a coin's rate (paise for one coin), replacing the one before. */
export async function saveCoinRate(db: DbOrTx, v: { coin: CryptoType; rate: number; setBy: string; setAt: Date }): Promise<CoinRateRow> {
  const [row] = await db
    .insert(walletCoinRates)
    .values(v)
    .onConflictDoUpdate({ target: walletCoinRates.coin, set: { rate: v.rate, setBy: v.setBy, setAt: v.setAt } })
    .returning();
  return row;
}
