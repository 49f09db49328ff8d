import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { colorBetsPageSchema, commitmentsPageSchema, historyPageSchema, ColorCommitment, PeriodResult, Selection } from '../../../../contracts/color';
import { checkPeriod } from '../../../../contracts/color.math';
import { apiData, okAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';
import { useIdempotencyKey } from '../../lib/useIdempotencyKey';
import { allBalancesKey, balanceKey, useSession } from '../../lib/useSession';

export type HistoryPage = z.infer<typeof historyPageSchema>;
export type BetsPage = z.infer<typeof colorBetsPageSchema>;
export type CommitmentsPage = z.infer<typeof commitmentsPageSchema>;
export interface BetBody {
  period: string;
  selection: Selection;
  amount: number;
}

const contract = () => import('../../../../contracts/color');

/** The colour game's calls, one fetcher each. */
export const colorApi = {
  state: () =>
    apiData(
      okAnswer(contract, (c) => c.colorStateSchema),
      '/api/v1/color/state',
      { anonymous: true },
    ),
  history: (page: number) =>
    apiData(
      okAnswer(contract, (c) => c.historyPageSchema),
      '/api/v1/color/history',
      { query: { page }, anonymous: true },
    ),
  /** A chain's ended periods, newest first, 500 a page (for checking a whole chain). */
  chainPeriods: (chain: number, page: number) =>
    apiData(
      okAnswer(contract, (c) => c.historyPageSchema),
      '/api/v1/color/history',
      { query: { chain, page, size: 500 }, anonymous: true },
    ),
  commitments: (page: number) =>
    apiData(
      okAnswer(contract, (c) => c.commitmentsPageSchema),
      '/api/v1/color/commitments',
      { query: { page }, anonymous: true },
    ),
  period: (period: string) =>
    apiData(
      okAnswer(contract, (c) => c.periodResultSchema),
      `/api/v1/color/periods/${encodeURIComponent(period)}`,
      { anonymous: true },
    ),
  bets: (page: number) =>
    apiData(
      okAnswer(contract, (c) => c.colorBetsPageSchema),
      '/api/v1/color/bets',
      { query: { page } },
    ),
  bet: (body: BetBody, idempotencyKey: string) =>
    apiData(
      okAnswer(contract, (c) => c.colorBetAnswerSchema),
      '/api/v1/color/bet',
      { method: 'POST', body, idempotencyKey },
    ),
};

/** The colour game's query keys, the one place they are written; they all start with the shared colour key. */
export const colorKeys = {
  all: sharedKeys.color,
  state: [...sharedKeys.color, 'state'] as const,
  history: (page: number) => [...sharedKeys.color, 'history', page] as const,
  commitments: (page: number) => [...sharedKeys.color, 'commitments', page] as const,
  period: (period: string) => [...sharedKeys.color, 'period', period] as const,
  /** A period's check in the browser, against the chain it names. */
  check: (period: string, chain: number | undefined) => [...sharedKeys.color, 'check', period, chain] as const,
  allBets: [...sharedKeys.color, 'bets'] as const,
  bets: (page: number) => [...sharedKeys.color, 'bets', page] as const,
};

/** The running period, the last result and the chain's commitment. */
export const colorStateQuery = () => queryOptions({ queryKey: colorKeys.state, queryFn: colorApi.state });
/** Asked for again every minute beside the socket, which carries the countdown. */
export const useColorState = () => useQuery({ ...colorStateQuery(), refetchInterval: 60_000 });

/** The ended periods, newest first, a page at a time. */
export const historyQuery = (page: number) => queryOptions({ queryKey: colorKeys.history(page), queryFn: () => colorApi.history(page) });
export const useHistory = (page: number) => useQuery(historyQuery(page));

/** The chains the game committed to, newest first. */
export const commitmentsQuery = (page: number) => queryOptions({ queryKey: colorKeys.commitments(page), queryFn: () => colorApi.commitments(page) });
export const useCommitments = (page: number) => useQuery(commitmentsQuery(page));

/** One period's result (a period not ended, or unknown, is not asked for twice). */
export const periodQuery = (period: string) => queryOptions({ queryKey: colorKeys.period(period), queryFn: () => colorApi.period(period), retry: false });
export const usePeriod = (period: string) => useQuery(periodQuery(period));

/** A period checked in this browser against its chain's commitment: computed once, kept. */
export const periodCheckQuery = (result: PeriodResult | undefined, chain: ColorCommitment | undefined) =>
  queryOptions({
    queryKey: colorKeys.check(result?.period ?? '', chain?.id),
    queryFn: () => checkPeriod(result!, chain!),
    enabled: Boolean(result && chain),
    staleTime: Infinity,
  });
export const usePeriodCheck = (result: PeriodResult | undefined, chain: ColorCommitment | undefined) => useQuery(periodCheckQuery(result, chain));

/** The player's colour bets, newest first, a page at a time. */
export const betsQuery = (page: number) => queryOptions({ queryKey: colorKeys.bets(page), queryFn: () => colorApi.bets(page) });
export function useColorBets(page: number) {
  const { signedIn } = useSession();
  return useQuery({ ...betsQuery(page), enabled: signedIn });
}

/**
 * The player's newest bets beside the board: while a bet on the period that has just ended is
 * still open (its result is in, the server has not settled it yet), asked for again every 2 s.
 */
export function usePeriodBets(lastPeriod: string | null) {
  const { signedIn } = useSession();
  return useQuery({
    ...betsQuery(1),
    enabled: signedIn,
    refetchInterval: (q) => (q.state.data?.bets.some((b) => b.period === lastPeriod && b.status === 'open') ? 2000 : false),
  });
}

/** After a period's result: everything of the game and the balance (a bet may have paid) are asked for again. */
export function useRefreshOnResult() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: colorKeys.all });
    void queryClient.invalidateQueries({ queryKey: allBalancesKey });
  }, [queryClient]);
}

/**
 * A bet on the open period; a retried request after a lost answer carries the same idempotency
 * key. Its answer's balance is the player's; their bets are asked for again.
 */
export function usePlaceBet() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const idem = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: BetBody) => colorApi.bet(body, idem.keyFor(body)),
    onSuccess: (answer) => {
      idem.settle();
      queryClient.setQueryData(balanceKey(user?._id), answer.balance);
      void queryClient.invalidateQueries({ queryKey: colorKeys.allBets });
    },
    onError: (err) => idem.settle(err),
  });
}

/** The newest chains, as a check of a period needs them: read from the cache when at most 10 s old. */
export const latestCommitments = (queryClient: QueryClient) => queryClient.fetchQuery({ ...commitmentsQuery(1), staleTime: 10_000 });
