import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { channelsAnswerSchema, roundAnswerSchema, roundsAnswerSchema, TelegramRound } from '../../../../contracts/telegram';
import { api } from '../../lib/api';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';

export type { TelegramRound };
export type RoundInput = {
  gameType: 'chicken' | 'color';
  multipliers: number[];
  startTime: string;
  endTime: string;
  channelId: number;
  period?: string | null;
};

const roundsKey = ['admin', 'telegram', 'rounds'] as const;
const channelsKey = ['admin', 'telegram', 'channels'] as const;

export function useChannels() {
  return useQuery({ queryKey: channelsKey, queryFn: ({ signal }) => api<z.infer<typeof channelsAnswerSchema>>('/my-channels', { signal }) });
}

export function useRounds() {
  return useQuery({
    queryKey: roundsKey,
    queryFn: async ({ signal }) => (await api<z.infer<typeof roundsAnswerSchema>>('/api/v1/telegram/game-rounds', { signal })).data,
  });
}

export function useSaveRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, round }: { id?: string; round: RoundInput }) =>
      id
        ? api<z.infer<typeof roundAnswerSchema>>(`/api/v1/telegram/update-round/${id}`, { method: 'PUT', body: round })
        : api<z.infer<typeof roundAnswerSchema>>('/api/v1/telegram/round', { method: 'POST', body: round }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: roundsKey }),
  });
}

export function useDeleteRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/v1/telegram/delete-round/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: roundsKey }),
  });
}

/** Approves a subscription for a channel, or rejects it; the server answers the message to show. */
export function useDecideSubscription() {
  const queryClient = useQueryClient();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: { id: string; status: 'approved' | 'rejected'; userId: string; amount: number; channelId: number }) =>
      api<{ success: true; message: string }>('/api/v1/wallet/telegram/update-deposite-transaction-status', {
        method: 'PUT',
        body,
        idempotencyKey: keyFor(body),
      }),
    onSuccess: () => {
      settle();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'requests', 'deposit'] });
    },
    onError: (err) => settle(err),
  });
}
