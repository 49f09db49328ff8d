import type { DbOrTx } from '../../db/client.js';
import { moneyMode } from '../../db/schema/index.js';

/** The database's money mode, decided by the first server to ask when none is recorded yet. */
export async function decideMoneyMode(db: DbOrTx, playMoney: boolean): Promise<boolean> {
  await db.insert(moneyMode).values({ playMoney }).onConflictDoNothing();
  const [row] = await db.select({ playMoney: moneyMode.playMoney }).from(moneyMode);
  return row.playMoney;
}
