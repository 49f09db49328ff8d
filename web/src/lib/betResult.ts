import type { BetRecord } from '../../../contracts/chicken';
import { formatRupees, toPaise, toRupees } from '../../../contracts/amounts';
import { t } from './i18n';

export type BetTone = 'open' | 'win' | 'returned' | 'loss';

/**
 * How a round ended, in one money language: the net result. A win shows what it added to the
 * stake (+₹0.60 for ₹10 paid back as ₹10.60, the payout in `paid`); a cash-out before the first
 * step gives the stake back, which is no win; a lost round shows the stake lost (−₹20.00).
 */
export function betResult(bet: Pick<BetRecord, 'state' | 'payoutAmount' | 'betAmount'>): { tone: BetTone; text: string; paid?: string } {
  if (bet.state === 'playing') return { tone: 'open', text: t('In play') };
  if (bet.payoutAmount > bet.betAmount)
    return {
      tone: 'win',
      text: `+${formatRupees(toRupees(toPaise(bet.payoutAmount) - toPaise(bet.betAmount)))}`,
      paid: t('Paid {{amount}}', { amount: formatRupees(bet.payoutAmount) }),
    };
  if (bet.payoutAmount > 0) return { tone: 'returned', text: t('Returned {{amount}}', { amount: formatRupees(bet.payoutAmount) }) };
  return { tone: 'loss', text: `−${formatRupees(bet.betAmount)}` };
}
