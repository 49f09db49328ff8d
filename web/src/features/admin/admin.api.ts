import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositListItem, FixedAmount, WithdrawalListItem } from '../../../../contracts/wallet.answers';
import { answerFrom, apiAnswer } from '../../lib/api';
import { session } from '../../lib/session';
import { sharedKeys } from '../../lib/sharedKeys';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { qrBasePath, qrCodesKey, type QrKind } from '../../lib/qrCodes';

export type { HistoryTransaction as HistoryEntry } from '../../../../contracts/wallet.answers';

/** A deposit or withdrawal request waiting for (or past) an admin's decision. */
export type MoneyRequest = DepositListItem | WithdrawalListItem;

export type RequestKind = 'deposit' | 'withdrawal';

const answers = () => import('../../../../contracts/wallet.answers');

/** A payment method the money queues filter by (null: every method). */
export type RequestMethod = 'upi' | 'crypto' | 'telegram' | null;

/** The back office's money query keys, the one place they are written. */
export const adminKeys = {
  overview: ['admin', 'overview'] as const,
  allHistory: ['admin', 'history'] as const,
  history: (page: number) => ['admin', 'history', page] as const,
  requests: (kind: RequestKind) => ['admin', 'requests', kind] as const,
  requestsPage: (kind: RequestKind, page: number, method: RequestMethod) => ['admin', 'requests', kind, { page, method }] as const,
  /** The Telegram price's entry lies under the one the subscription screen reads, so saving it refreshes both. */
  amount: (setting: AmountSetting) => (setting === 'telegram' ? ([...sharedKeys.telegramAmount, 'list'] as const) : (['refer-amount'] as const)),
  amounts: (setting: AmountSetting) => (setting === 'telegram' ? sharedKeys.telegramAmount : (['refer-amount'] as const)),
};
export type Decision = 'approved' | 'rejected';

/** The first screen's figures: money and revenue by period and by day, what waits, and the ledger check. */
export const overviewQuery = () =>
  queryOptions({
    queryKey: adminKeys.overview,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../../contracts/reports'),
            (c) => c.overviewAnswerSchema,
          ),
          '/api/v1/admin/overview',
          { signal },
        )
      ).data,
    refetchInterval: 60_000,
  });

export const useOverview = () => useQuery(overviewQuery());

/** All players' wallet history, one server page at a time. */
export const allHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.history(page),
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(answers, (c) => c.historyAnswerSchema),
          '/api/v1/wallet/history/users',
          { query: { page }, signal },
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useAllHistory = (page: number) => useQuery(allHistoryQuery(page));

export const REQUESTS_PAGE_SIZE = 20;

interface RequestsPage {
  items: MoneyRequest[];
  totalPages: number;
}

/** Deposits or withdrawals, newest first, a page at a time; `method` is the server's filter (upi or crypto). */
export const moneyRequestsQuery = (kind: RequestKind, page: number, method: RequestMethod) =>
  queryOptions({
    queryKey: adminKeys.requestsPage(kind, page, method),
    queryFn: async ({ signal }): Promise<RequestsPage> => {
      const query = { page, limit: REQUESTS_PAGE_SIZE, method: method ?? undefined };
      if (kind === 'deposit') {
        const { data } = await apiAnswer(
          answerFrom(answers, (c) => c.depositListAnswerSchema),
          '/api/v1/wallet/history/deposit',
          { query, signal },
        );
        return { items: data.deposit, totalPages: data.totalPages };
      }
      const { data } = await apiAnswer(
        answerFrom(answers, (c) => c.withdrawalListAnswerSchema),
        '/api/v1/wallet/history/withdrawals',
        { query, signal },
      );
      return { items: data.withdrawals, totalPages: data.totalPages };
    },
    placeholderData: keepPreviousData,
    // A queue an admin works through: asked for again whenever the section opens, and every 30 s
    // while it is open, so a new request shows without a reload.
    staleTime: 0,
    refetchInterval: 30_000,
  });

export const useMoneyRequests = (kind: RequestKind, page: number, method: RequestMethod) => useQuery(moneyRequestsQuery(kind, page, method));

const statusPath: Record<RequestKind, string> = {
  deposit: '/api/v1/wallet/update-deposite-transaction-status',
  withdrawal: '/api/v1/wallet/transaction/status',
};

/**
 * Approves or rejects a request. On success the item's status changes in place (the original app's local
 * update); the decision carries an Idempotency-Key so a retried click decides once.
 */
export function useDecideRequest(kind: RequestKind) {
  const queryClient = useQueryClient();
  const { keyFor, settle } = useIdempotencyKey();
  return useMutation({
    mutationFn: ({ item, status }: { item: MoneyRequest; status: Decision }) => {
      const body = { status, id: item._id, userId: item.userId, amount: item.amount };
      return apiAnswer(
        answerFrom(answers, (c) => c.decisionAnswerSchema),
        statusPath[kind],
        { method: 'PUT', body, idempotencyKey: keyFor(body) },
      );
    },
    onSuccess: (answer, { item, status }) => {
      settle();
      // A first approval leaves the request pending, waiting for a second admin.
      const change = answer?.data?.awaitingSecondApproval
        ? { needsSecondApproval: true, firstApprovedBy: { _id: session.user()?._id ?? '', fullName: 'you' } }
        : { status: answer?.data?.status ?? status };
      queryClient.setQueriesData<RequestsPage>({ queryKey: adminKeys.requests(kind) }, (old) =>
        old ? { ...old, items: old.items.map((r) => (r._id === item._id ? ({ ...r, ...change } as MoneyRequest) : r)) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.allHistory });
    },
    onError: (err) => settle(err),
  });
}

export function useUploadQr(kind: QrKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      title,
      titleHi,
      payTo,
      coin,
      network,
    }: {
      file: File;
      title: string;
      titleHi?: string;
      payTo: string;
      coin?: string;
      network?: string;
    }) => {
      const form = new FormData();
      // Fields before the file, so a streaming multipart reader has the title when the file arrives.
      form.append('title', title);
      // The title in Hindi, for Hindi readers; without it they see the English.
      if (titleHi) form.append('titleHi', titleHi);
      if (payTo) form.append('payTo', payTo);
      // A crypto code names the coin and the network it receives.
      if (coin) form.append('coin', coin);
      if (network) form.append('network', network);
      form.append(kind === 'fiat' ? 'qrCode' : 'qrCodeCrypto', file);
      return apiAnswer(
        answerFrom(answers, (c) => c.qrCodeAnswerSchema),
        `${qrBasePath[kind]}/qr`,
        { method: 'POST', body: form },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrCodesKey(kind) }),
  });
}

/** A new image for an existing code, in one step: the code keeps its id and target, and players see the old image until this one is saved. */
export function useReplaceQr(kind: QrKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => {
      const form = new FormData();
      form.append(kind === 'fiat' ? 'qrCode' : 'qrCodeCrypto', file);
      return apiAnswer(
        answerFrom(answers, (c) => c.qrCodeAnswerSchema),
        `${qrBasePath[kind]}/replace-qr/${encodeURIComponent(id)}`,
        { method: 'PUT', body: form },
      );
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrCodesKey(kind) }),
  });
}

export function useDeleteQr(kind: QrKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiAnswer(
        answerFrom(answers, (c) => c.qrCodeAnswerSchema),
        `${qrBasePath[kind]}/delete-qr/${encodeURIComponent(id)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrCodesKey(kind) }),
  });
}

/** The two single-amount settings: the referral reward and the Telegram subscription price. */
export type AmountSetting = 'refer' | 'telegram';
const amountPath: Record<AmountSetting, string> = { refer: '/api/v1/refer-amount', telegram: '/api/v1/telegram-amount' };

export type AmountEntry = FixedAmount;

/** A single-amount setting's entries (the first counts). */
export const amountSettingQuery = (setting: AmountSetting) =>
  queryOptions({
    queryKey: adminKeys.amount(setting),
    queryFn: ({ signal }) =>
      apiAnswer(
        answerFrom(answers, (c) => c.fixedAmountListSchema),
        amountPath[setting],
        { signal },
      ),
  });

export const useAmountSetting = (setting: AmountSetting) => useQuery(amountSettingQuery(setting));

export function useSaveAmount(setting: AmountSetting) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (amount: string) =>
      apiAnswer(
        answerFrom(answers, (c) => c.fixedAmountAnswerSchema),
        amountPath[setting],
        { method: 'POST', body: { amount } },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.amounts(setting) }),
  });
}

export function useDeleteAmount(setting: AmountSetting) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiAnswer(
        answerFrom(answers, (c) => c.fixedAmountAnswerSchema),
        `${amountPath[setting]}/${encodeURIComponent(id)}`,
        { method: 'DELETE' },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.amounts(setting) }),
  });
}
