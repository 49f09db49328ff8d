import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router';
import { Loading } from '../components/ui/States';
import { session } from '../lib/session';
import { useSession } from '../lib/useSession';
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

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      {
        // Inside the layout, so the header and tab bar stay when one screen fails to load.
        errorElement: <ScreenErrorPage />,
        children: [
          { path: '/', element: page(() => import('../features/home/HomePage')) },
          { path: '/login', element: page(() => import('../features/auth/LoginPage')) },
          { path: '/signup', element: page(() => import('../features/auth/RegisterPage')) },
          { path: '/change-password', element: <Protected>{page(() => import('../features/auth/ChangePasswordPage'))}</Protected> },
          { path: '/profile', element: page(() => import('../features/auth/ProfilePage')) },
          { path: '/refer-earn', element: <Protected>{page(() => import('./ReferEarnScreen'))}</Protected> },
          { path: '/ranking', element: page(() => import('../features/home/RankingPage')) },
          { path: '/spinner', element: <Protected>{page(() => import('../features/spinner/SpinnerPage'))}</Protected> },
          { path: '/chicken-road', element: <Protected>{page(() => import('../features/chicken/ChickenRoadPage'))}</Protected> },
          { path: '/bets', element: <Protected>{page(() => import('./BetsScreen'))}</Protected> },
          { path: '/fairness', element: <Protected>{page(() => import('../features/chicken/FairnessPage'))}</Protected> },
          { path: '/deposite', element: <Protected>{page(() => import('../features/wallet/DepositPage'))}</Protected> },
          { path: '/withdraw', element: <Protected>{page(() => import('../features/wallet/WithdrawPage'))}</Protected> },
          { path: '/transactions', element: <Protected>{page(() => import('../features/wallet/TransactionsPage'))}</Protected> },
          { path: '/payment', element: <Protected>{page(() => import('../features/wallet/PaymentPage'))}</Protected> },
          { path: '/paymentsuccess', element: <Protected>{page(() => import('../features/wallet/PaymentSuccessPage'))}</Protected> },
          { path: '/telegram-subscription/:gameName', element: <Protected>{page(() => import('../features/wallet/TelegramSubscriptionPage'))}</Protected> },
          { path: '/qr-code', element: <Navigate to="/deposite" replace /> },
          { path: '/admin', element: page(() => import('../features/admin/AdminPage')) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
