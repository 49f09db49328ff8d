import type { SiteSettings } from '../../../../contracts/site';
import { AMOUNT_MESSAGES, formatRupees, readAmount } from '../../../../contracts/amounts';
import { t, tk } from '../../lib/i18n';

export const DIFFICULTY_LOCKED = tk("You can't change difficulty during a game!");
export const INSUFFICIENT_BALANCE = tk('Insufficient balance!');

export type StartCheck = { ok: true; betAmount: number; autoCashout: number | null } | { ok: false; message: string };

const cents = (n: number) => Math.round(n * 100) / 100;

export type BetLimits = Pick<SiteSettings['chicken'], 'minBet' | 'maxBet'>;

/**
 * What the screen refuses before asking the server (which checks all of it again): a bet outside
 * the server's limits (once they are known) or with more than two decimals, an auto cash-out
 * under 1.01, a bet above the balance shown. An empty auto cash-out means none.
 */
export function checkStart(bet: string, autoCashout: string, balance: number | undefined, limits?: BetLimits): StartCheck {
  const read = readAmount(bet);
  if ('problem' in read && read.problem !== 'tooManyDecimals' && read.problem !== 'tooLarge') return { ok: false, message: t('Enter a bet amount') };
  const betAmount = Number(bet);
  if (limits && betAmount < limits.minBet) return { ok: false, message: t('Minimum bet is {{amount}}', { amount: formatRupees(limits.minBet) }) };
  if (limits && betAmount > limits.maxBet) return { ok: false, message: t('Maximum bet is {{amount}}', { amount: formatRupees(limits.maxBet) }) };
  if ('problem' in read)
    return { ok: false, message: read.problem === 'tooManyDecimals' ? t('Bet amount can have at most two decimals') : t(AMOUNT_MESSAGES.tooLarge) };
  const auto = autoCashout.trim() === '' ? null : Number(autoCashout);
  if (auto !== null && (!Number.isFinite(auto) || auto < 1.01)) return { ok: false, message: t('Auto cashout must be at least 1.01') };
  if (balance !== undefined && betAmount > balance) return { ok: false, message: t(INSUFFICIENT_BALANCE) };
  return { ok: true, betAmount, autoCashout: auto === null ? null : cents(auto) };
}
