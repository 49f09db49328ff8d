const SITE = 'Rupee Arcade';
import { t, tk } from '../../lib/i18n';

/** Each screen's name, for the browser tab and for screen readers announcing the page. */
const TITLES: readonly [RegExp, string][] = [
  [/^\/$/, tk('Home')],
  [/^\/login$/, tk('Login')],
  [/^\/signup$/, tk('Register')],
  [/^\/change-password$/, tk('Change Password')],
  [/^\/profile$/, tk('Profile')],
  [/^\/refer-earn$/, tk('Refer & Earn')],
  [/^\/ranking$/, tk('Ranking')],
  [/^\/spinner$/, tk('Spinner')],
  [/^\/chicken-road$/, tk('Chicken Road')],
  [/^\/chicken-road\/demo$/, tk('Chicken Road Demo')],
  [/^\/responsible$/, tk('Responsible Play')],
  [/^\/color$/, tk('Colour Prediction')],
  [/^\/safer-play$/, tk('Safer Play')],
  [/^\/terms$/, tk('Terms of Service')],
  [/^\/privacy$/, tk('Privacy Policy')],
  [/^\/bets$/, tk('All Bets')],
  [/^\/fairness$/, tk('Fairness')],
  [/^\/deposite$/, tk('Deposit')],
  [/^\/withdraw$/, tk('Withdraw')],
  [/^\/transactions$/, tk('Transactions')],
  [/^\/payment$/, tk('Payment')],
  [/^\/paymentsuccess$/, tk('Payment Successful')],
  [/^\/telegram-subscription\//, tk('Telegram Subscription')],
  [/^\/admin$/, tk('Admin Panel')],
];

/** "Deposit · Rupee Arcade"; an unknown path is the not-found page. */
export function screenTitle(pathname: string): string {
  const found = TITLES.find(([pattern]) => pattern.test(pathname));
  return `${found ? t(found[1]) : t('Not Found')} · ${SITE}`;
}
