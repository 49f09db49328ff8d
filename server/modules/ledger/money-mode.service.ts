import type { DbOrTx } from '../../db/client.js';
import { decideMoneyMode } from './money-mode.repo.js';

export class MoneyModeMismatch extends Error {}

/**
 * Play money is not money. A database is made for one of the two (PLAY_MONEY) and stays so: a
 * server started on it with the other mode refuses to start, so play balances can never be
 * withdrawn as rupees, nor real balances played as if they were free.
 */
export async function assertMoneyMode(db: DbOrTx, playMoney: boolean): Promise<void> {
  const recorded = await decideMoneyMode(db, playMoney);
  if (recorded === playMoney) return;
  throw new MoneyModeMismatch(
    recorded
      ? 'This database holds play money (it was made with PLAY_MONEY=1), and this server was started for real money. Start it with PLAY_MONEY=1, or give real money a new database (DATA_DIR or DATABASE_URL).'
      : 'This database holds real money, and this server was started with PLAY_MONEY=1. Start it without PLAY_MONEY, or give play money a new database (DATA_DIR or DATABASE_URL).',
  );
}
