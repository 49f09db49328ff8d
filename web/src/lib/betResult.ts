import type { BetRecord } from '../../../contracts/chicken';
import { formatRupees } from '../../../contracts/amounts';

export type BetTone = 'open' | 'win' | 'returned' | 'loss';

/**
 * How a round ended, in words: a win pays more than the stake; a cash-out before the first step
 * gives the stake back, which is no win; a lost round shows the stake lost.
 */
export function betResult(bet: Pick<BetRecord, 'state' | 'payoutAmount' | 'betAmount'>): { tone: BetTone; text: string } {
  if (bet.state === 'playing') return { tone: 'open', text: 'In play' };
  if (bet.payoutAmount > bet.betAmount) return { tone: 'win', text: `+${formatRupees(bet.payoutAmount)}` };
  if (bet.payoutAmount > 0) return { tone: 'returned', text: `Returned ${formatRupees(bet.payoutAmount)}` };
  return { tone: 'loss', text: `-${formatRupees(bet.betAmount)}` };
}
