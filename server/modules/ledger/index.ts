// The double-entry ledger: every balance change in the product goes through here.
export {
  balanceOf,
  checkLedger,
  ensureWallet,
  heldOf,
  INSUFFICIENT_BALANCE,
  ledgerRefusal,
  playSince,
  systemAccountId,
  transfer,
  transferOnce,
} from './ledger.service.js';
export type { AccountRef, TransferInput } from './ledger.service.js';
export { assertMoneyMode, MoneyModeMismatch } from './money-mode.service.js';
export { ledgerKeys } from './keys.js';
export { BONUS_KINDS, PAYOUT_KIND, REQUEST_KINDS, STAKE_KIND, TRANSFER_KINDS, type TransferKind } from './kinds.js';
