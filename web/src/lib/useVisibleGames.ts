import { queryOptions, useQuery } from '@tanstack/react-query';
import { answerFrom, apiAnswer } from './api';
import { knownGames } from './games';

export const visibleGamesKey = ['visible-games'] as const;

/** The games an admin has made visible (`GET /users/visible-games`). A failure is only logged. */
export const visibleGamesQuery = () =>
  queryOptions({
    queryKey: visibleGamesKey,
    staleTime: 60_000,
    queryFn: async () => {
      try {
        const res = await apiAnswer(
          answerFrom(
            () => import('../../../contracts/accounts'),
            (c) => c.visibleGamesAnswerSchema,
          ),
          '/api/v1/users/visible-games',
          { anonymous: true },
        );
        return Array.isArray(res.data) ? res.data.filter((k): k is string => typeof k === 'string') : [];
      } catch (err) {
        console.error('visible games', err);
        throw err;
      }
    },
  });

/** The visible games, as the site knows them. */
export function useVisibleGames() {
  const query = useQuery(visibleGamesQuery());
  return { ...query, games: knownGames(query.data) };
}

/** Whether an admin has hidden this game: known only once the list has arrived (a failed load does not close it). */
export function useGameHidden(key: string): boolean {
  const { data } = useVisibleGames();
  return data !== undefined && !data.includes(key);
}
