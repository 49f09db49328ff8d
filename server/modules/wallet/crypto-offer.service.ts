import {
  coinAmountMessage,
  COIN_LABELS,
  formatCoin,
  isCryptoPair,
  offerFor,
  pairLabel,
  readCoinAmount,
  type CryptoNetwork,
  type CryptoType,
} from '../../../contracts/crypto.js';
import { formatInr, toRupees } from '../../../contracts/money.js';
import type { DbOrTx } from '../../db/client.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { findCryptoCode, listQrCodes } from './qrcodes.repo.js';
import { findCoinRate } from './rates.repo.js';
import { iso } from './wallet.shared.js';

/** What a crypto deposit asks for: its pair, and the rupees or the coin it is for. */
export interface CryptoRequest {
  coin: CryptoType;
  network: CryptoNetwork;
  /** Rupees in paise, as the original client sends them. */
  amount?: number | null;
  /** The coin the player will send, as typed. */
  coinAmount?: string | null;
  /** The time of the rate the screen showed. */
  rateSetAt?: string | null;
}

/** What the player is offered, as the request records it. */
export interface CryptoOffer {
  /** The rupees credited on approval, in paise. */
  amount: number;
  details: { cryptoType: CryptoType; network: CryptoNetwork; coinAmount: string; rate: number; rateSetAt: string; address: string | null };
}

/**
 * The offer of a crypto deposit: only for a coin and network that have a code (a coin sent on a
 * network nobody receives is lost) and whose coin has a rate. It is computed here, at the rate on
 * record: from rupees the coin is rounded up, from coin the credit is rounded down
 * (contracts/crypto.ts `offerFor`). A request made at an older rate is refused, not re-priced.
 */
export async function cryptoOffer(db: DbOrTx, r: CryptoRequest): Promise<CryptoOffer> {
  const pair = pairLabel(r.coin, r.network);
  const code = isCryptoPair(r.coin, r.network) ? await findCryptoCode(db, r.coin, r.network) : undefined;
  if (!code) {
    const offered = (await listQrCodes(db, 'crypto')).filter((c) => c.coin && c.network).map((c) => pairLabel(c.coin!, c.network!));
    if (!offered.length) {
      throw badRequest('Crypto deposits are not open right now: no payment details have been set up. Please try again later.', 'NOT_AVAILABLE');
    }
    throw badRequest(
      `${pair} is not taken here: there is no address for it, and coins sent on it would be lost. Deposit ${offered.join(' or ')} instead.`,
      'CRYPTO_PAIR_NOT_OFFERED',
    );
  }
  const rate = await findCoinRate(db, r.coin);
  if (!rate) throw badRequest(`${COIN_LABELS[r.coin]} deposits are not open right now: no rate has been set. Please try again later.`, 'NO_RATE');
  if (r.rateSetAt && new Date(r.rateSetAt).getTime() !== rate.setAt.getTime()) {
    throw conflict(`The ${COIN_LABELS[r.coin]} rate has changed. Check the new amount and submit again.`, 'RATE_CHANGED', {
      rate: toRupees(rate.rate),
      setAt: iso(rate.setAt),
    });
  }

  let offer;
  if (r.coinAmount !== undefined && r.coinAmount !== null) {
    const read = readCoinAmount(r.coinAmount, r.coin);
    if ('problem' in read) throw badRequest(coinAmountMessage(read.problem, r.coin), 'VALIDATION_ERROR');
    offer = offerFor({ units: read.units }, rate.rate, r.coin);
    if (r.amount !== undefined && r.amount !== null && r.amount !== offer.paise) {
      throw new AppError(
        'AMOUNT_MISMATCH',
        400,
        `${formatCoin(read.units, r.coin)} ${COIN_LABELS[r.coin]} is ${formatInr(offer.paise)} at the rate on record, not ${formatInr(r.amount)}. Send the coin amount or the rupees, and submit again.`,
      );
    }
  } else if (r.amount !== undefined && r.amount !== null) {
    offer = offerFor({ paise: r.amount }, rate.rate, r.coin);
  } else {
    throw badRequest('Enter an amount.', 'VALIDATION_ERROR');
  }
  return {
    amount: offer.paise,
    details: {
      cryptoType: r.coin,
      network: r.network,
      coinAmount: formatCoin(offer.units, r.coin),
      rate: toRupees(rate.rate),
      rateSetAt: iso(rate.setAt),
      address: code.payTo ?? null,
    },
  };
}
