import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { Page } from '../components/ui/Page';
import { Loading } from '../components/ui/States';
import { session } from '../lib/session';
import { useSession } from '../lib/useSession';
import { useSiteSettings } from '../lib/useSiteSettings';
// Home is where most visits begin: in the first bundle, not fetched after it.
import HomePage from '../features/home/HomePage';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { ScreenErrorPage } from './ScreenErrorPage';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Component = lazy(load);
  return (
    <Suspense fallback={<Loading />}>
      <Component />
    </Suspense>
  );
};

/**
 * The spec's guard: children render only for a signed-in visitor. Others go to /login, except a
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

/** Deposits and withdrawals: on a play-money site (PLAY_MONEY=1) there are none, and the screen says so. */
function RealMoneyOnly({ title, children }: { title: string; children: ReactNode }) {
  const { data: settings } = useSiteSettings();
  if (!settings?.playMoney) return <>{children}</>;
  return (
    <Page title={title} narrow>
      <p className="state state--empty">This site uses play money only: there are no deposits or withdrawals.</p>
    </Page>
  );
}

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        // Inside the layout, so the header and tab bar stay when one screen fails to load.
        errorElement: <ScreenErrorPage />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/login', element: page(() => import('../features/auth/LoginPage')) },
          { path: '/signup', element: page(() => import('../features/auth/RegisterPage')) },
          { path: '/change-password', element: <Protected>{page(() => import('../features/auth/ChangePasswordPage'))}</Protected> },
          { path: '/profile', element: page(() => import('../features/auth/ProfilePage')) },
          { path: '/refer-earn', element: <Protected>{page(() => import('./ReferEarnScreen'))}</Protected> },
          { path: '/ranking', element: page(() => import('../features/home/RankingPage')) },
          { path: '/spinner', element: <Protected>{page(() => import('../features/spinner/SpinnerPage'))}</Protected> },
          { path: '/color', element: <Protected>{page(() => import('../features/color/ColorGamePage'))}</Protected> },
          { path: '/chicken-road/demo', element: page(() => import('../features/chicken/ChickenRoadDemoPage')) },
          { path: '/responsible', element: <Protected>{page(() => import('../features/responsible/ResponsiblePage'))}</Protected> },
          { path: '/safer-play', element: page(() => import('../features/responsible/SaferPlayPage')) },
          { path: '/chicken-road', element: <Protected>{page(() => import('../features/chicken/ChickenRoadPage'))}</Protected> },
          { path: '/bets', element: <Protected>{page(() => import('./BetsScreen'))}</Protected> },
          { path: '/fairness', element: <Protected>{page(() => import('../features/chicken/FairnessPage'))}</Protected> },
          {
            path: '/deposite',
            element: <Protected>{<RealMoneyOnly title="Deposit">{page(() => import('../features/wallet/DepositPage'))}</RealMoneyOnly>}</Protected>,
          },
          {
            path: '/withdraw',
            element: <Protected>{<RealMoneyOnly title="Withdraw">{page(() => import('../features/wallet/WithdrawPage'))}</RealMoneyOnly>}</Protected>,
          },
          { path: '/transactions', element: <Protected>{page(() => import('../features/wallet/TransactionsPage'))}</Protected> },
          {
            path: '/payment',
            element: <Protected>{<RealMoneyOnly title="Payment">{page(() => import('../features/wallet/PaymentPage'))}</RealMoneyOnly>}</Protected>,
          },
          { path: '/paymentsuccess', element: <Protected>{page(() => import('../features/wallet/PaymentSuccessPage'))}</Protected> },
          {
            path: '/telegram-subscription/:gameName',
            element: (
              <Protected>
                {<RealMoneyOnly title="Telegram Subscription">{page(() => import('../features/wallet/TelegramSubscriptionPage'))}</RealMoneyOnly>}
              </Protected>
            ),
          },
          { path: '/qr-code', element: <Navigate to="/deposite" replace /> },
          { path: '/admin', element: page(() => import('../features/admin/AdminPage')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
