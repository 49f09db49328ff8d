import type { App } from '../../types.js';
import { amountsRoutes } from './amounts.routes.js';
import { depositsRoutes } from './deposits.routes.js';
import { historyRoutes } from './history.routes.js';
import { qrcodesRoutes } from './qrcodes.routes.js';
import { ratesRoutes } from './rates.routes.js';
import { withdrawalsRoutes } from './withdrawals.routes.js';

/**
 * The wallet: deposits, withdrawals, history, payment QR codes and coin rates, and the fixed
 * refer/Telegram amounts. Every balance change goes through the ledger inside the request's transaction.
 */
export async function walletRoutes(app: App): Promise<void> {
  await app.register(depositsRoutes);
  await app.register(withdrawalsRoutes);
  await app.register(historyRoutes);
  await app.register(amountsRoutes);
  await app.register(qrcodesRoutes);
  await app.register(ratesRoutes);
}
