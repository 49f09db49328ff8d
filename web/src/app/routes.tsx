import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { Page } from '../components/ui/Page';
import { Loading } from '../components/ui/States';
import { queryClient } from '../lib/queryClient';
import { session } from '../lib/session';
import { useSession } from '../lib/useSession';
import { useSiteSettings } from '../lib/useSiteSettings';
// Home is where most visits begin: in the first bundle, not fetched after it.
import HomePage from '../features/home/HomePage';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { ScreenBoundary } from './ScreenErrorPage';
import { t, tk } from '../lib/i18n';

/** A screen's module: the screen, and what it may ask for as soon as it arrives when the app opens on it. */
type Load = () => Promise<{ default: ComponentType; prefetch?: (client: QueryClient) => void }>;

type Screen = Awaited<ReturnType<Load>>;
/** A thenable that answers at once, from which React.lazy takes the screen without suspending. */
const settled = (screen: Screen) => ({ then: (resolve: (s: Screen) => void) => resolve(screen) }) as unknown as ReturnType<Load>;

/**
 * A screen loaded on demand: its element (wrapped, e.g. in the sign-in guard) and, in the route's
 * handle, its loader, so the screen the app opens on is fetched at once (below), beside the
 * session check rather than after it.
 */
export const page = (load: Load, wrap: (screen: ReactNode) => ReactNode = (screen) => screen) => {
  let loaded: Screen | undefined;
  const loadAndKeep = () => load().then((screen) => (loaded = screen));
  // A screen whose code has already arrived (the one the app opens on, fetched beside the session
  // check) is handed to React at once, through a thenable that answers synchronously. From a
  // promise React would suspend for a moment, show the fallback, and then hold the screen back
  // for its 300 ms throttle on revealing a suspended boundary.
  const Component = lazy(() => (loaded ? settled(loaded) : loadAndKeep()));
  return {
    element: wrap(
      <Suspense fallback={<Loading />}>
        <Component />
      </Suspense>,
    ),
    handle: { load: loadAndKeep },
  };
};
const guarded = (screen: ReactNode) => <Protected>{screen}</Protected>;

/**
 * The original app's guard: children render only for a signed-in visitor. Others go to /login, except a
 * player who has just signed out here, who goes home.
 */
export function Protected({ children }: { children: ReactNode }) {
  const { signedIn } = useSession();
  const location = useLocation();
  if (!signedIn) {
    if (session.signedOutHere()) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}

/**
 * Sign-in and registration are for visitors who are not signed in: someone signed in who opens
 * them (a bookmark, a shared referral link) goes to their home, the back office for an admin.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const { signedIn, isAdmin } = useSession();
  if (signedIn) return <Navigate to={isAdmin ? '/admin' : '/'} replace />;
  return <>{children}</>;
}
const signedOutOnly = (screen: ReactNode) => <SignedOutOnly>{screen}</SignedOutOnly>;

/** Deposits and withdrawals: on a play-money site (PLAY_MONEY=1) there are none, and the screen says so. */
function RealMoneyOnly({ title, children }: { title: string; children: ReactNode }) {
  const { data: settings } = useSiteSettings();
  if (!settings?.playMoney) return <>{children}</>;
  return (
    <Page title={t(title)} narrow>
      <p className="state state--empty">{t('This site uses play money only: there are no deposits or withdrawals.')}</p>
    </Page>
  );
}

/**
 * Every screen, inside the layout. Rendered by react-router's declarative routes (useRoutes), not
 * its data router: the site loads no data through the router, and the data router is two thirds
 * of the router's code on the first visit (95 against 39 KB raw).
 */
const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // Inside the layout, so the header and tab bar stay when one screen fails to load.
        element: <ScreenBoundary />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/login', ...page(() => import('../features/auth/LoginPage'), signedOutOnly) },
          { path: '/signup', ...page(() => import('../features/auth/RegisterPage'), signedOutOnly) },
          { path: '/change-password', ...page(() => import('../features/auth/ChangePasswordPage'), guarded) },
          { path: '/profile', ...page(() => import('../features/auth/ProfilePage')) },
          { path: '/refer-earn', ...page(() => import('./ReferEarnScreen'), guarded) },
          { path: '/ranking', ...page(() => import('../features/home/RankingPage')) },
          { path: '/spinner', ...page(() => import('../features/spinner/SpinnerPage'), guarded) },
          { path: '/color', ...page(() => import('../features/color/ColorGamePage'), guarded) },
          { path: '/color/fairness', ...page(() => import('../features/color/ColorFairnessPage')) },
          { path: '/chicken-road/demo', ...page(() => import('../features/chicken/ChickenRoadDemoPage')) },
          { path: '/responsible', ...page(() => import('../features/responsible/ResponsiblePage'), guarded) },
          { path: '/safer-play', ...page(() => import('../features/responsible/SaferPlayPage')) },
          { path: '/terms', ...page(() => import('../features/legal/TermsPage')) },
          { path: '/privacy', ...page(() => import('../features/legal/PrivacyPage')) },
          { path: '/chicken-road', ...page(() => import('../features/chicken/ChickenRoadPage'), guarded) },
          { path: '/bets', ...page(() => import('./BetsScreen'), guarded) },
          { path: '/fairness', ...page(() => import('../features/chicken/FairnessPage'), guarded) },
          {
            path: '/deposite',
            ...page(
              () => import('../features/wallet/DepositPage'),
              (screen) => guarded(<RealMoneyOnly title={tk('Deposit')}>{screen}</RealMoneyOnly>),
            ),
          },
          {
            path: '/withdraw',
            ...page(
              () => import('../features/wallet/WithdrawPage'),
              (screen) => guarded(<RealMoneyOnly title={tk('Withdraw')}>{screen}</RealMoneyOnly>),
            ),
          },
          { path: '/transactions', ...page(() => import('../features/wallet/TransactionsPage'), guarded) },
          {
            path: '/payment',
            ...page(
              () => import('../features/wallet/PaymentPage'),
              (screen) => guarded(<RealMoneyOnly title={tk('Payment')}>{screen}</RealMoneyOnly>),
            ),
          },
          { path: '/paymentsuccess', ...page(() => import('../features/wallet/PaymentSuccessPage'), guarded) },
          {
            path: '/telegram-subscription/:gameName',
            ...page(
              () => import('../features/wallet/TelegramSubscriptionPage'),
              (screen) => guarded(<RealMoneyOnly title={tk('Telegram Subscription')}>{screen}</RealMoneyOnly>),
            ),
          },
          { path: '/qr-code', element: <Navigate to="/deposite" replace /> },
          { path: '/admin', ...page(() => import('../features/admin/AdminPage')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** The screen for the browser's address, in its layout. */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts loading the screen the app opens on at once, beside the session check rather than after
 * it, and lets it ask for its data as soon as it arrives. Called once, at start (main.tsx).
 */
export function loadOpeningScreen(): void {
  for (const match of matchRoutes(routes, window.location) ?? []) {
    void (match.route.handle as { load?: Load } | undefined)
      ?.load?.()
      .then((screen) => screen.prefetch?.(queryClient))
      .catch(() => undefined);
  }
}
