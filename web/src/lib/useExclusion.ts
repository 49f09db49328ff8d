import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExclusionView } from '../../../contracts/responsible';
import { apiData, okAnswer } from './api';
import { sharedKeys } from './sharedKeys';
import { useSession } from './useSession';

/** The player's responsible-play settings (`GET /responsible`): read by every screen that takes money in or out. */
export const responsibleStateQuery = () =>
  queryOptions({
    queryKey: sharedKeys.responsible,
    queryFn: () =>
      apiData(
        okAnswer(
          () => import('../../../contracts/responsible'),
          (c) => c.responsibleStateSchema,
        ),
        '/api/v1/responsible',
      ),
  });

/** Those settings as the screens around play read them: for a signed-in player, asked for again at most once a minute. */
export function useResponsibleSettings() {
  const { signedIn } = useSession();
  return useQuery({ ...responsibleStateQuery(), enabled: signedIn, staleTime: 60_000 });
}

/**
 * The break the signed-in player is on (a time-out or self-exclusion), or null. Screens that stake
 * or deposit disable those actions while it lasts; the server refuses them anyway.
 */
export function useExclusion(): ExclusionView | null {
  const { signedIn } = useSession();
  const state = useResponsibleSettings();
  return signedIn ? (state.data?.exclusion ?? null) : null;
}
