import { useQuery } from '@tanstack/react-query';
import type { ExclusionView } from '../../../contracts/responsible';
import { apiData, okAnswer } from './api';
import { sharedKeys } from './sharedKeys';
import { useSession } from './useSession';

/** The player's responsible-play settings (`GET /responsible`): read by every screen that takes money in or out. */
export const fetchResponsibleState = () =>
  apiData(
    okAnswer(
      () => import('../../../contracts/responsible'),
      (c) => c.responsibleStateSchema,
    ),
    '/api/v1/responsible',
  );

/**
 * The break the signed-in player is on (a time-out or self-exclusion), or null. Screens that stake
 * or deposit disable those actions while it lasts; the server refuses them anyway.
 */
export function useExclusion(): ExclusionView | null {
  const { signedIn } = useSession();
  const state = useQuery({ queryKey: sharedKeys.responsible, queryFn: fetchResponsibleState, enabled: signedIn, staleTime: 60_000 });
  return signedIn ? (state.data?.exclusion ?? null) : null;
}
