import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { payNumberSchema, type depositRequestSchema, type upiRequestSchema, type withdrawRequestSchema } from '../../../../contracts/wallet';
import { answerFrom, apiAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { balanceKey, useSession } from '../../lib/useSession';

export type { HistoryPage, HistoryTransaction as WalletTransaction, UpiRequestCreated } from '../../../../contracts/wallet.answers';

export type { DepositMethod, WithdrawMethod } from '../../../../contracts/wallet';

/** The bodies of the two money calls, as the server validates them. */
export type DepositRequest = z.input<typeof depositRequestSchema>;
export type WithdrawalRequest = z.input<typeof withdrawRequestSchema>;

const answers = () => import('../../../../contracts/wallet.answers');

/** The wallet's query keys, the one place they are written. */
export const walletKeys = {
  allHistory: ['wallet', 'history'] as const,
  history: (page: number) => ['wallet', 'history', page] as const,
  telegramAmount: sharedKeys.telegramAmount,
  subscriptions: ['wallet', 'telegram-subscriptions'] as const,
};

/** One page of the signed-in player's wallet history; the server is asked for the page shown. */
export const walletHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: walletKeys.history(page),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.historyAnswerSchema),
          '/api/v1/wallet/history',
          { query: { page }, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useWalletHistory = (page: number) => useQuery(walletHistoryQuery(page));

/** The Telegram subscription price set by the back office (a bare array; the first entry counts). */
export const telegramAmountQuery = () =>
  queryOptions({
    queryKey: walletKeys.telegramAmount,
    queryFn: async ({ signal }) => {
      const list = await apiAnswer(
        answerFrom(answers, (c) => c.fixedAmountListSchema),
        '/api/v1/telegram-amount',
        { anonymous: true, signal },
      );
      return list.length ? Number(list[0].amount) : null;
    },
  });

export const useTelegramAmount = () => useQuery(telegramAmountQuery());

/** The player's subscription requests: waiting, approved with the channel's single-use invite link, or rejected. */
export const subscriptionsQuery = () =>
  queryOptions({
    queryKey: walletKeys.subscriptions,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../../contracts/telegram'),
            (c) => c.subscriptionsAnswerSchema,
          ),
          '/api/v1/wallet/telegram/subscriptions',
          { signal },
        )
      ).data,
  });

export const useSubscriptions = () => useQuery(subscriptionsQuery());

/**
 * A money call with its Idempotency-Key: the key is made once per submission and sent again when the
 * same request is retried after an unknown outcome. Success refreshes the balance and the history.
 */
function useMoneyCall<T>(path: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: T) =>
      apiAnswer(
        answerFrom(answers, (c) => c.moneyRequestAnswerSchema),
        path,
        { method: 'POST', body, idempotencyKey: keyFor(body) },
      ),
    onSuccess: () => {
      settle();
      void queryClient.invalidateQueries({ queryKey: balanceKey(user?._id) });
      void queryClient.invalidateQueries({ queryKey: walletKeys.allHistory });
    },
    onError: (err) => settle(err),
  });
}

export const useSubmitDeposit = () => useMoneyCall<DepositRequest>('/api/v1/wallet/deposit');

/** The body of a UPI request for an exact amount, as the server validates it. */
export type UpiRequestBody = z.input<typeof upiRequestSchema>;

/**
 * Creates a UPI request for an exact amount: a pending deposit with its reference, and the
 * `upi://pay` link that pays it. Sent again with the same key after an unknown outcome.
 */
export function useUpiRequest() {
  const queryClient = useQueryClient();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: UpiRequestBody) =>
      apiAnswer(
        answerFrom(answers, (c) => c.upiRequestAnswerSchema),
        '/api/v1/wallet/deposit/upi-request',
        { method: 'POST', body, idempotencyKey: keyFor(body) },
      ),
    onSuccess: () => {
      settle();
      void queryClient.invalidateQueries({ queryKey: walletKeys.allHistory });
    },
    onError: (err) => settle(err),
  });
}

/** Gives the UTR of the player's own UPI request, once paid. */
export function useSubmitUtr() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ id, payNumber }: { id: string; payNumber: string }) =>
      apiAnswer(
        answerFrom(answers, (c) => c.moneyRequestAnswerSchema),
        `/api/v1/wallet/deposit/${encodeURIComponent(id)}/utr`,
        { method: 'POST', body: { payNumber }, idempotencyKey: keyFor({ id, payNumber }) },
      ),
    onSuccess: () => {
      settle();
      void queryClient.invalidateQueries({ queryKey: balanceKey(user?._id) });
      void queryClient.invalidateQueries({ queryKey: walletKeys.allHistory });
    },
    onError: (err) => settle(err),
  });
}
export const useSubmitWithdrawal = () => useMoneyCall<WithdrawalRequest>('/api/v1/wallet/withraw');

/** The server's rule for a transaction id or hash; answers the message to show, or undefined. */
export const checkPayNumber = (text: string) => {
  const r = payNumberSchema.safeParse(text);
  return r.success ? undefined : r.error.issues[0]?.message;
};
