import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answerFrom, apiAnswer, apiData, okAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';

/** Home's query keys, the one place they are written. */
export const homeKeys = {
  lastResults: ['home', 'last-results'] as const,
  notification: sharedKeys.notification,
  ranking: ['ranking'] as const,
};

/** The signed-in player's latest rounds (the first page of `GET /bets`). */
export const lastResultsQuery = () =>
  queryOptions({
    queryKey: homeKeys.lastResults,
    queryFn: ({ signal }) =>
      apiData(
        okAnswer(
          () => import('../../../../contracts/chicken'),
          (c) => c.betsPageSchema,
        ),
        '/api/v1/bets',
        { query: { page: 1 }, signal },
      ),
  });

export const useLastResults = () => useQuery(lastResultsQuery());

/** The site-wide message (`GET /notification/get`) and its Hindi version; null when there is none. A failure is only logged. */
export const notificationQuery = () =>
  queryOptions({
    queryKey: homeKeys.notification,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        const res = await apiAnswer(
          answerFrom(
            () => import('../../../../contracts/accounts'),
            (c) => c.notificationAnswerSchema,
          ),
          '/api/v1/notification/get',
          { anonymous: true },
        );
        return typeof res?.message === 'string' ? { message: res.message, messageHi: res.messageHi ?? null } : null;
      } catch (err) {
        console.error('notification', err);
        throw err;
      }
    },
  });

export const useNotification = () => useQuery(notificationQuery());

/** How often the ranking is read again while it is shown. */
export const RANKING_REFRESH_MS = 5000;

/** This week's ranking from real bets (`GET /ranking`). */
export const rankingQuery = () =>
  queryOptions({
    queryKey: homeKeys.ranking,
    queryFn: async ({ signal }) =>
      (
        await apiAnswer(
          answerFrom(
            () => import('../../../../contracts/ranking'),
            (c) => c.rankingAnswerSchema,
          ),
          '/api/v1/ranking',
          { anonymous: true, signal },
        )
      ).data,
    refetchInterval: RANKING_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const useRanking = () => useQuery(rankingQuery());
