// The wallet: deposits, withdrawals, history, QR codes and the amounts admins set.
export { walletRoutes as routes, uploadsRoutes } from './wallet.routes.js';
export { approveSubscriptionWithLink, decideSubscription, pendingSubscription, subscriptionsOf } from './subscriptions.service.js';
