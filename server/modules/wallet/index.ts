// The wallet: deposits, withdrawals, history, QR codes and the amounts admins set.
export { approveSubscriptionWithLink, decideSubscription, pendingSubscription, subscriptionsOf } from './subscriptions.service.js';
export { subscriptionView } from './wallet.view.js';
export { decideDeposit, type DepositProof } from './deposits.service.js';
