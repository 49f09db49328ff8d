import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TelegramRound } from '../../../../contracts/telegram';
import { answerFrom, apiAnswer } from '../../lib/api';
import { adminKeys } from './admin.api';
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

const telegram = () => import('../../../../contracts/telegram');
const roundAnswer = answerFrom(telegram, (c) => c.roundAnswerSchema);

/** The Telegram section's query keys, the one place they are written. */
export const telegramKeys = {
  rounds: ['admin', 'telegram', 'rounds'] as const,
  channels: ['admin', 'telegram', 'channels'] as const,
};

/** The channels the bot administers. */
export const channelsQuery = () =>
  queryOptions({
    queryKey: telegramKeys.channels,
    queryFn: ({ signal }) =>
      apiAnswer(
        answerFrom(telegram, (c) => c.channelsAnswerSchema),
        '/my-channels',
        { signal },
      ),
  });

export const useChannels = () => useQuery(channelsQuery());

/** The game rounds announced in the channels. */
export const roundsQuery = () =>
  queryOptions({
    queryKey: telegramKeys.rounds,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(telegram, (c) => c.roundsAnswerSchema),
          '/api/v1/telegram/game-rounds',
          { signal },
        )
      ).data,
  });

export const useRounds = () => useQuery(roundsQuery());

export function useSaveRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, round }: { id?: string; round: RoundInput }) =>
      id
        ? apiAnswer(roundAnswer, `/api/v1/telegram/update-round/${id}`, { method: 'PUT', body: round })
        : apiAnswer(roundAnswer, '/api/v1/telegram/round', { method: 'POST', body: round }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: telegramKeys.rounds }),
  });
}

export function useDeleteRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiAnswer(roundAnswer, `/api/v1/telegram/delete-round/${id}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: telegramKeys.rounds }),
  });
}

/** Approves a subscription for a channel, or rejects it; the server answers the message to show. */
export function useDecideSubscription() {
  const queryClient = useQueryClient();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: { id: string; status: 'approved' | 'rejected'; userId: string; amount: number; channelId: number }) =>
      apiAnswer(
        answerFrom(
          () => import('../../../../contracts/envelope'),
          (c) => c.okMessage,
        ),
        '/api/v1/wallet/telegram/update-deposite-transaction-status',
        {
          method: 'PUT',
          body,
          idempotencyKey: keyFor(body),
        },
      ),
    onSuccess: () => {
      settle();
      void queryClient.invalidateQueries({ queryKey: adminKeys.requests('deposit') });
    },
    onError: (err) => settle(err),
  });
}
