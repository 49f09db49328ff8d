import { CRYPTO_TYPES, type CryptoType } from '../../../contracts/crypto.js';
import { toRupees } from '../../../contracts/money.js';
import type { CoinRate, CoinRateEntry } from '../../../contracts/wallet.answers.js';
import type { Ctx, RequestCtx } from '../../lib/context.js';
import type { AuthUser } from '../../types.js';
import { audit } from '../audit/index.js';
import * as repo from './rates.repo.js';
import { iso } from './wallet.shared.js';

export const rateView = (row: repo.CoinRateRow): CoinRate => ({ rate: toRupees(row.rate), setAt: iso(row.setAt) });

/** Every coin the site knows, with the rate the back office set for it (null: none yet, so no deposits of it). */
export async function listRates(ctx: Ctx): Promise<CoinRateEntry[]> {
  const rows = new Map((await repo.listCoinRates(ctx.db)).map((r) => [r.coin, r]));
  return CRYPTO_TYPES.map((coin) => {
    const row = rows.get(coin);
    return { coin, rate: row ? rateView(row) : null };
  });
}

/** Sets a coin's rate (`rate`: paise for one coin) as of now, recording who changed it from what. */
export async function setRate(ctx: RequestCtx<AuthUser>, { coin, rate }: { coin: CryptoType; rate: number }): Promise<CoinRateEntry> {
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findCoinRate(tx, coin);
    const row = await repo.saveCoinRate(tx, { coin, rate, setBy: actorId, setAt: ctx.now });
    await audit(tx, {
      actorId,
      action: 'update',
      entity: 'coin_rate',
      entityId: coin,
      before: before ? rateView(before) : null,
      after: rateView(row),
    });
    return { coin, rate: rateView(row) };
  });
}
