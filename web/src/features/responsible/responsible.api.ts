import type { ExclusionKind, LimitKind, LimitPeriod, LimitView } from '../../../../contracts/responsible';
import { apiData, okAnswer } from '../../lib/api';
import { sharedKeys } from '../../lib/sharedKeys';
import { fetchResponsibleState } from '../../lib/useExclusion';

const contract = () => import('../../../../contracts/responsible');

/** Responsible play's query keys, the one place they are written. */
export const responsibleKeys = {
  all: sharedKeys.responsible,
  session: (since: string) => ['responsible', 'session', since] as const,
};

export const responsibleApi = {
  state: fetchResponsibleState,
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
  session: (since: string) =>
    apiData(
      okAnswer(contract, (c) => c.sessionSummarySchema),
      '/api/v1/responsible/session',
      { query: { since } },
    ),
};

export type { LimitView };
