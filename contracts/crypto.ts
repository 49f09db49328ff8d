/*
 * Crypto deposits: the coins and networks a code can receive, the addresses each network takes,
 * and the money of an offer (how much coin to send for a rupee credit, or the credit for an amount
 * of coin) at the rate the back office set. Isomorphic and exact: coin amounts are whole numbers
 * of the coin's smallest unit here (bigint), never floats.
 */
import { readAmount } from './amounts.js';

export const CRYPTO_TYPES = ['usdt', 'btc'] as const;
export type CryptoType = (typeof CRYPTO_TYPES)[number];
export const CRYPTO_NETWORKS = ['erc20', 'trc20', 'bitcoin'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** The networks each coin travels on; a code names one of these pairs, and a deposit is for one. */
export const CRYPTO_PAIRS: Readonly<Record<CryptoType, readonly CryptoNetwork[]>> = { usdt: ['trc20', 'erc20'], btc: ['bitcoin'] };
export const COIN_LABELS: Readonly<Record<CryptoType, string>> = { usdt: 'USDT', btc: 'BTC' };
export const NETWORK_LABELS: Readonly<Record<CryptoNetwork, string>> = { trc20: 'TRC20', erc20: 'ERC20', bitcoin: 'Bitcoin' };
/**
 * Decimals an offered coin amount has: USDT's own six on both networks, and satoshis for BTC. The
 * coin to send is rounded up to them, so what arrives is always worth at least the credit.
 */
export const COIN_DECIMALS: Readonly<Record<CryptoType, number>> = { usdt: 6, btc: 8 };

export const isCryptoPair = (coin: CryptoType, network: CryptoNetwork): boolean => CRYPTO_PAIRS[coin].includes(network);
/** "USDT on TRC20". */
export const pairLabel = (coin: CryptoType, network: CryptoNetwork): string => `${COIN_LABELS[coin]} on ${NETWORK_LABELS[network]}`;

/** TRON (TRC20): base58, starts with T, 34 characters. */
export const TRC20_ADDRESS_PATTERN = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
/** Ethereum (ERC20 and ETH): 0x and 40 hex digits. */
export const ERC20_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
/** Bitcoin: a legacy or script address (1…, 3…) or a bech32 one (bc1…). */
export const BITCOIN_ADDRESS_PATTERN = /^(?:[13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71})$/;

/** The address a code on each network must pay to: one from another network would lose the coin sent. */
export const NETWORK_ADDRESSES: Readonly<Record<CryptoNetwork, { pattern: RegExp; message: string }>> = {
  trc20: { pattern: TRC20_ADDRESS_PATTERN, message: 'A TRC20 address starts with T and has 34 letters and digits' },
  erc20: { pattern: ERC20_ADDRESS_PATTERN, message: 'An ERC20 address is 0x followed by 40 hex digits' },
  bitcoin: { pattern: BITCOIN_ADDRESS_PATTERN, message: 'A Bitcoin address starts with 1, 3 or bc1' },
};

/** The checked address of a code on `network`: required, and of that network's form. */
export function checkNetworkAddress(network: CryptoNetwork, raw: string | null | undefined): { ok: true; value: string } | { ok: false; message: string } {
  const value = raw?.trim() ?? '';
  if (!value) return { ok: false, message: `Enter the ${NETWORK_LABELS[network]} address this code pays to` };
  const rule = NETWORK_ADDRESSES[network];
  return rule.pattern.test(value) ? { ok: true, value } : { ok: false, message: rule.message };
}

/** The highest rate the back office may set, in rupees per coin. */
export const MAX_RATE_RUPEES = 1_000_000_000;
export const RATE_MESSAGE = 'Enter the rate in rupees for one coin, for example 85.50';

/** A rate as typed or sent (rupees for one coin, at most two decimals), as integer paise. */
export function readRate(value: number | string): { paise: number } | { problem: string } {
  const read = readAmount(value, MAX_RATE_RUPEES);
  return 'paise' in read ? read : { problem: RATE_MESSAGE };
}

export type CoinAmountProblem = 'notANumber' | 'notPositive' | 'tooManyDecimals';

/** A coin amount as typed ("11.5", "0.00012"): whole units of the coin's smallest unit, or what is wrong. */
export function readCoinAmount(text: string, coin: CryptoType): { units: bigint } | { problem: CoinAmountProblem } {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return { problem: 'notANumber' };
  const decimals = COIN_DECIMALS[coin];
  const fraction = (m[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return { problem: 'tooManyDecimals' };
  const units = BigInt(m[1]) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  return units > 0n ? { units } : { problem: 'notPositive' };
}

/** What each problem of a typed coin amount says. */
export function coinAmountMessage(problem: CoinAmountProblem, coin: CryptoType): string {
  if (problem === 'tooManyDecimals') return `${COIN_LABELS[coin]} amounts have at most ${COIN_DECIMALS[coin]} decimals`;
  if (problem === 'notPositive') return 'The coin amount must be greater than zero';
  return 'Enter the coin amount as a number, for example 11.5';
}

/** Units of the coin as a person reads them: "11.695907", "0.00012", "12". */
export function formatCoin(units: bigint, coin: CryptoType): string {
  const decimals = COIN_DECIMALS[coin];
  const digits = units.toString().padStart(decimals + 1, '0');
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const whole = digits.slice(0, digits.length - decimals);
  return fraction ? `${whole}.${fraction}` : whole;
}

/** An offer: the rupees credited (paise) and the coin to send for them (units), at one rate. */
export interface CoinOffer {
  paise: number;
  units: bigint;
}

/**
 * The offer at `ratePaise` (rupees for one coin, in paise) for a rupee amount or an amount of coin.
 * From rupees, the coin is rounded up to the coin's decimals; from coin, the credit is rounded down
 * to the paisa: either way the coin sent is worth at least what is credited.
 */
export function offerFor(basis: { paise: number } | { units: bigint }, ratePaise: number, coin: CryptoType): CoinOffer {
  const scale = 10n ** BigInt(COIN_DECIMALS[coin]);
  const rate = BigInt(ratePaise);
  if ('units' in basis) return { units: basis.units, paise: Number((basis.units * rate) / scale) };
  const units = (BigInt(basis.paise) * scale + rate - 1n) / rate;
  return { paise: basis.paise, units };
}
