// What a ledger transfer can be, in one place: the services name a transfer's kind with these, the
// repositories that add transfers up by kind read them from here, and a test holds the money
// functions of the migrations (which move stakes and wins in one statement) to the same words.

export const TRANSFER_KINDS = [
  'deposit',
  'withdrawal',
  'withdrawal_hold',
  'withdrawal_release',
  'bet',
  'win',
  'spin_prize',
  'referral_reward',
  'adjustment',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** A stake out of a wallet into a game. */
export const STAKE_KIND = 'bet' satisfies TransferKind;
/** What a game pays back into a wallet (a win, or a returned stake). */
export const PAYOUT_KIND = 'win' satisfies TransferKind;

/**
 * The transfers of a deposit or withdrawal request: the request itself is the history row, so its
 * transfers are not listed again.
 */
export const REQUEST_KINDS = ['deposit', 'withdrawal', 'withdrawal_hold', 'withdrawal_release'] as const satisfies readonly TransferKind[];

/** Money the house gives away: referral rewards and spinner prizes. */
export const BONUS_KINDS = ['referral_reward', 'spin_prize'] as const satisfies readonly TransferKind[];
