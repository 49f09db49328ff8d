import type { Tx } from '../../db/client.js';
import { ledgerKeys, transfer } from '../ledger/index.js';
import { currentFixedAmount } from './amounts.repo.js';
import { countOtherApprovedWalletDeposits, findReferrer } from './deposits.repo.js';

/**
 * Pays the referrer the current refer amount when a referred player's first deposit is
 * approved, inside the approval's transaction. The key `referral:<referredUserId>` makes it once
 * per referred player even when two of their deposits are approved at the same moment.
 */
export async function rewardReferrerOnFirstDeposit(tx: Tx, referredUserId: string, depositId: string, now: Date): Promise<boolean> {
  const referrerId = await findReferrer(tx, referredUserId);
  if (!referrerId || referrerId === referredUserId) return false;
  if ((await countOtherApprovedWalletDeposits(tx, referredUserId, depositId)) > 0) return false;
  const reward = await currentFixedAmount(tx, 'refer');
  if (!reward) return false;
  return transfer(tx, {
    from: { system: 'promotions' },
    to: { user: referrerId },
    amount: reward.amount,
    kind: 'referral_reward',
    ...ledgerKeys.referral(depositId, referredUserId),
    metadata: { referredUserId, depositId },
    at: now,
  });
}
