import type { BetRecord } from '../../../contracts/chicken';
import { formatRupees, toPaise, toRupees } from '../../../contracts/amounts';
import { t } from './i18n';

export type BetTone = 'open' | 'win' | 'returned' | 'loss';

/**
 * What a game paid out and what that made on top of the stake, the one wording of every game's
 * result (Chicken Road, the colour bets, the wheel, All Bets): `paid` "Paid ₹29.20", `net`
 * "+₹9.20" (−₹0.40 when the payout is less than the stake), `text` "Paid ₹29.20 (+₹9.20)".
 * A wheel's spin stakes nothing, so its stake is 0.
 */
export function paidResult(stake: number, payout: number): { paid: string; net: string; text: string } {
  const netPaise = toPaise(payout) - toPaise(stake);
  const net = `${netPaise > 0 ? '+' : netPaise < 0 ? '−' : '±'}${formatRupees(toRupees(Math.abs(netPaise)))}`;
  const amount = formatRupees(payout);
  return { paid: t('Paid {{amount}}', { amount }), net, text: t('Paid {{amount}} ({{net}})', { amount, net }) };
}

/**
 * How a round ended, in one money language: the net result. A win shows what it added to the
 * stake (+₹0.60 for ₹10 paid back as ₹10.60, the payout in `paid`); a cash-out before the first
 * step gives the stake back, which is no win; a lost round shows the stake lost (−₹20.00).
 */
export function betResult(bet: Pick<BetRecord, 'state' | 'payoutAmount' | 'betAmount'>): { tone: BetTone; text: string; paid?: string } {
  if (bet.state === 'playing') return { tone: 'open', text: t('In play') };
  if (bet.payoutAmount > bet.betAmount) {
    const { net, paid } = paidResult(bet.betAmount, bet.payoutAmount);
    return { tone: 'win', text: net, paid };
  }
  if (bet.payoutAmount > 0) return { tone: 'returned', text: t('Returned {{amount}}', { amount: formatRupees(bet.payoutAmount) }) };
  return { tone: 'loss', text: `−${formatRupees(bet.betAmount)}` };
}
