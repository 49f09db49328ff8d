import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answerFrom, apiAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { balanceKey, useSession } from '../../lib/useSession';

const contract = () => import('../../../../contracts/spinner');

/** The spinner's query keys, the one place they are written (the back office edits the same prizes entry). */
export const spinnerKeys = {
  prizes: sharedKeys.spinnerPrizes,
  status: ['spinner', 'status'] as const,
  allSpins: ['spinner', 'spins'] as const,
  spins: (page: number) => ['spinner', 'spins', page] as const,
};

/** The wheel's prizes (the first set; none when the back office has not made one). */
export const wheelQuery = () =>
  queryOptions({
    queryKey: spinnerKeys.prizes,
    // Cached as the server answers it (the back office reads the same entry), the wheel picked from it.
    queryFn: ({ signal }) =>
      apiAnswer(
        answerFrom(contract, (c) => c.prizeSetListSchema),
        '/api/v1/spinner/prizes',
        { anonymous: true, signal },
      ),
    select: (sets) => sets[0]?.prizes ?? [],
  });

export const useWheel = () => useQuery(wheelQuery());

/** When the player may spin next, as the server counts it. */
export const spinStatusQuery = () =>
  queryOptions({
    queryKey: spinnerKeys.status,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(contract, (c) => c.spinStatusAnswerSchema),
          '/api/v1/spinner/status',
          { signal },
        )
      ).data,
  });

export const useSpinStatus = () => useQuery(spinStatusQuery());

/**
 * One spin: the server draws and credits; a retried request after a lost answer carries the same key.
 * The balance, the status and the spins list are refreshed by `reveal`, called once the wheel has
 * stopped: refreshed at once, the header balance would tell the prize while the wheel still turns.
 */
export function useSpin() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { keyFor, settle } = useIdempotencyKey();
  const mutation = useMutation({
    mutationFn: async () =>
      (
        await apiAnswer(
          answerFrom(contract, (c) => c.spinAnswerSchema),
          '/api/v1/spinner/spin',
          { method: 'POST', idempotencyKey: keyFor({ spin: user?._id }) },
        )
      ).data,
    onSuccess: () => settle(),
    onError: (err) => settle(err),
  });
  const reveal = () => {
    void queryClient.invalidateQueries({ queryKey: balanceKey(user?._id) });
    void queryClient.invalidateQueries({ queryKey: spinnerKeys.status });
    void queryClient.invalidateQueries({ queryKey: spinnerKeys.allSpins });
  };
  return Object.assign(mutation, { reveal });
}

/** The player's spins, newest first, a page at a time. */
export const spinsQuery = (page: number) =>
  queryOptions({
    queryKey: spinnerKeys.spins(page),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(contract, (c) => c.spinsPageAnswerSchema),
          '/api/v1/spinner/spins',
          { query: { page }, signal },
        )
      ).data,
  });

export const useSpins = (page: number) => useQuery(spinsQuery(page));
