import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerFrom, apiAnswer } from './api';
import { session, type SessionUser } from './session';

let snapshot: { user: SessionUser | null; raw: string | null } = { user: null, raw: null };
function read() {
  const raw = localStorage.getItem('user');
  if (raw !== snapshot.raw) snapshot = { user: session.user(), raw };
  return snapshot;
}

/** The signed-in user from local storage, re-rendering when it changes. */
export function useSession() {
  const { user } = useSyncExternalStore(session.subscribe, read, read);
  return { user, signedIn: Boolean(user), isAdmin: user?.role === 'admin' };
}

export const balanceKey = (userId: string | undefined) => ['balance', userId] as const;
/** Every player's balance in the cache (after a money call whose player is not at hand). */
export const allBalancesKey = ['balance'] as const;

/** A player's balance in rupees (`GET /users/balance/{userId}`); refetched after money calls. */
export const balanceQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: balanceKey(userId),
    enabled: Boolean(userId),
    queryFn: async () =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../contracts/accounts'),
            (c) => c.balanceAnswerSchema,
          ),
          `/api/v1/users/balance/${userId}`,
        )
      ).balance,
  });

/** The signed-in player's balance. */
export function useBalance() {
  const { user } = useSession();
  return useQuery(balanceQuery(user?._id));
}
