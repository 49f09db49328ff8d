import type { SiteSettings } from '../../../../contracts/site';
import { formatRupees } from '../../lib/useSession';

export const DIFFICULTY_LOCKED = "You can't change difficulty during a game!";
export const INSUFFICIENT_BALANCE = 'Insufficient balance!';

export type StartCheck = { ok: true; betAmount: number; autoCashout: number | null } | { ok: false; message: string };

const cents = (n: number) => Math.round(n * 100) / 100;

export type BetLimits = Pick<SiteSettings['chicken'], 'minBet' | 'maxBet'>;

/**
 * What the screen refuses before asking the server (which checks all of it again): a bet outside
 * the server's limits (once they are known) or with more than two decimals, an auto cash-out
 * under 1.01, a bet above the balance shown. An empty auto cash-out means none.
 */
export function checkStart(bet: string, autoCashout: string, balance: number | undefined, limits?: BetLimits): StartCheck {
  const betAmount = Number(bet);
  if (!bet.trim() || !Number.isFinite(betAmount) || betAmount <= 0) return { ok: false, message: 'Enter a bet amount' };
  if (limits && betAmount < limits.minBet) return { ok: false, message: `Minimum bet is ${formatRupees(limits.minBet)}` };
  if (limits && betAmount > limits.maxBet) return { ok: false, message: `Maximum bet is ${formatRupees(limits.maxBet)}` };
  if (cents(betAmount) !== betAmount) return { ok: false, message: 'Bet amount can have at most two decimals' };
  const auto = autoCashout.trim() === '' ? null : Number(autoCashout);
  if (auto !== null && (!Number.isFinite(auto) || auto < 1.01)) return { ok: false, message: 'Auto cashout must be at least 1.01' };
  if (balance !== undefined && betAmount > balance) return { ok: false, message: INSUFFICIENT_BALANCE };
  return { ok: true, betAmount, autoCashout: auto === null ? null : cents(auto) };
}
