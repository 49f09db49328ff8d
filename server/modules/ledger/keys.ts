// The reference and idempotency key of every wallet transfer, in one place: a key decides that a
// transfer happens once, so two services must never spell the same one differently.

type Keys = { reference: string; idempotencyKey: string };

export const ledgerKeys = {
  /** An approved deposit's credit. */
  deposit: (depositId: string): Keys => ({ reference: `deposit:${depositId}`, idempotencyKey: `deposit:${depositId}` }),
  /** A withdrawal's amount held when it is asked for. */
  withdrawalHold: (withdrawalId: string): Keys => ({ reference: `withdrawal:${withdrawalId}`, idempotencyKey: `withdrawal-hold:${withdrawalId}` }),
  /** The held amount paid out when the withdrawal is approved. */
  withdrawalPaid: (withdrawalId: string): Keys => ({ reference: `withdrawal:${withdrawalId}`, idempotencyKey: `withdrawal:${withdrawalId}` }),
  /** The held amount given back when the withdrawal is rejected. */
  withdrawalRelease: (withdrawalId: string): Keys => ({ reference: `withdrawal:${withdrawalId}`, idempotencyKey: `withdrawal-release:${withdrawalId}` }),
  /** A referrer's reward, once per referred player, caused by that player's first deposit. */
  referral: (depositId: string, referredUserId: string): Keys => ({ reference: `deposit:${depositId}`, idempotencyKey: `referral:${referredUserId}` }),
  /** A play-money site's starting balance, once per player. */
  playMoneyStart: (userId: string): Keys => ({ reference: `user:${userId}`, idempotencyKey: `play-money-start:${userId}` }),
};
