import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExclusionKind, LimitKind, LimitPeriod, LimitView } from '../../../../contracts/responsible';
import { apiData, okAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';
import { responsibleStateQuery } from '../../lib/useExclusion';

const contract = () => import('../../../../contracts/responsible');

/** Responsible play's query keys, the one place they are written. */
export const responsibleKeys = {
  all: sharedKeys.responsible,
  session: (since: string) => ['responsible', 'session', since] as const,
};

export const responsibleApi = {
  setLimits: (limits: { kind: LimitKind; period: LimitPeriod; amount: number | null }[]) =>
    apiData(
      okAnswer(contract, (c) => c.limitViewSchema.array()),
      '/api/v1/responsible/limits',
      { method: 'PUT', body: { limits } },
    ),
  exclude: (kind: ExclusionKind, days: number, idempotencyKey: string) =>
    apiData(
      okAnswer(contract, (c) => c.exclusionViewSchema),
      '/api/v1/responsible/exclusion',
      { method: 'POST', body: { kind, days }, idempotencyKey },
    ),
  setRealityCheck: (minutes: number) =>
    apiData(
      okAnswer(contract, (c) => c.realityCheckSchema),
      '/api/v1/responsible/reality-check',
      { method: 'PUT', body: { minutes } },
    ),
};

/** The player's limits, break and reality check, as Responsible play edits them. */
export const useResponsibleState = () => useQuery(responsibleStateQuery());

/** What the player staked and won since a moment (the reality check's summary). */
export const sessionSummaryQuery = (since: string) =>
  queryOptions({
    queryKey: responsibleKeys.session(since),
    queryFn: () =>
      apiData(
        okAnswer(contract, (c) => c.sessionSummarySchema),
        '/api/v1/responsible/session',
        { query: { since } },
      ),
  });

export const useSessionSummary = (since: string, enabled: boolean) => useQuery({ ...sessionSummaryQuery(since), enabled });

export type { LimitView };
