const SITE = 'Rupee Arcade';

/** Each screen's name, for the browser tab and for screen readers announcing the page. */
const TITLES: readonly [RegExp, string][] = [
  [/^\/$/, 'Home'],
  [/^\/login$/, 'Login'],
  [/^\/signup$/, 'Register'],
  [/^\/change-password$/, 'Change Password'],
  [/^\/profile$/, 'Profile'],
  [/^\/refer-earn$/, 'Refer & Earn'],
  [/^\/ranking$/, 'Ranking'],
  [/^\/spinner$/, 'Spinner'],
  [/^\/chicken-road$/, 'Chicken Road'],
  [/^\/chicken-road\/demo$/, 'Chicken Road Demo'],
  [/^\/responsible$/, 'Responsible Play'],
  [/^\/color$/, 'Colour Game'],
  [/^\/safer-play$/, 'Safer Play'],
  [/^\/terms$/, 'Terms of Service'],
  [/^\/privacy$/, 'Privacy Policy'],
  [/^\/bets$/, 'All Bets'],
  [/^\/fairness$/, 'Fairness'],
  [/^\/deposite$/, 'Deposit'],
  [/^\/withdraw$/, 'Withdraw'],
  [/^\/transactions$/, 'Transactions'],
  [/^\/payment$/, 'Payment'],
  [/^\/paymentsuccess$/, 'Payment Successful'],
  [/^\/telegram-subscription\//, 'Telegram Subscription'],
  [/^\/admin$/, 'Admin Panel'],
];

/** "Deposit · Rupee Arcade"; an unknown path is the not-found page. */
export function screenTitle(pathname: string): string {
  const found = TITLES.find(([pattern]) => pattern.test(pathname));
  return `${found ? found[1] : 'Not Found'} · ${SITE}`;
}
