import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { PrizeSet, spinAnswerSchema, spinsPageAnswerSchema, spinStatusAnswerSchema } from '../../../../contracts/spinner';
import { api } from '../../lib/api';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { balanceKey, useSession } from '../../lib/useSession';

const prizesKey = ['spinner', 'prizes'] as const;
const statusKey = ['spinner', 'status'] as const;

/** The wheel's prizes (the first set; none when the back office has not made one). */
export function useWheel() {
  return useQuery({
    queryKey: prizesKey,
    // Cached as the server answers it (the back office reads the same entry), the wheel picked from it.
    queryFn: ({ signal }) => api<PrizeSet[]>('/api/v1/spinner/prizes', { anonymous: true, signal }),
    select: (sets) => sets[0]?.prizes ?? [],
  });
}

/** When the player may spin next, as the server counts it. */
export function useSpinStatus() {
  return useQuery({
    queryKey: statusKey,
    queryFn: async ({ signal }) => (await api<z.infer<typeof spinStatusAnswerSchema>>('/api/v1/spinner/status', { signal })).data,
  });
}

const spinsKey = ['spinner', 'spins'] as const;

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
      (await api<z.infer<typeof spinAnswerSchema>>('/api/v1/spinner/spin', { method: 'POST', idempotencyKey: keyFor({ spin: user?._id }) })).data,
    onSuccess: () => settle(),
    onError: (err) => settle(err),
  });
  const reveal = () => {
    void queryClient.invalidateQueries({ queryKey: balanceKey(user?._id) });
    void queryClient.invalidateQueries({ queryKey: statusKey });
    void queryClient.invalidateQueries({ queryKey: spinsKey });
  };
  return Object.assign(mutation, { reveal });
}

/** The player's spins, newest first, a page at a time. */
export function useSpins(page: number) {
  return useQuery({
    queryKey: [...spinsKey, page],
    queryFn: async ({ signal }) => (await api<z.infer<typeof spinsPageAnswerSchema>>('/api/v1/spinner/spins', { query: { page }, signal })).data,
  });
}
