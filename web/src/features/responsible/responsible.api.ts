import type { z } from 'zod';
import type { Ok } from '../../../../contracts/envelope';
import type {
  ExclusionKind,
  ExclusionView,
  LimitKind,
  LimitPeriod,
  LimitView,
  ResponsibleState,
  SessionSummary,
  limitViewSchema,
} from '../../../../contracts/responsible';
import { api } from '../../lib/api';

type Envelope<T> = Ok<z.ZodType<T>>;
const data = async <T>(p: Promise<Envelope<T>>) => (await p).data;

export const responsibleKey = ['responsible'] as const;

export const responsibleApi = {
  state: () => data(api<Envelope<ResponsibleState>>('/api/v1/responsible')),
  setLimits: (limits: { kind: LimitKind; period: LimitPeriod; amount: number | null }[]) =>
    data(api<Envelope<z.infer<typeof limitViewSchema>[]>>('/api/v1/responsible/limits', { method: 'PUT', body: { limits } })),
  exclude: (kind: ExclusionKind, days: number, idempotencyKey: string) =>
    data(api<Envelope<ExclusionView>>('/api/v1/responsible/exclusion', { method: 'POST', body: { kind, days }, idempotencyKey })),
  setRealityCheck: (minutes: number) =>
    data(api<Envelope<{ realityCheckMinutes: number }>>('/api/v1/responsible/reality-check', { method: 'PUT', body: { minutes } })),
  session: (since: string) => data(api<Envelope<SessionSummary>>('/api/v1/responsible/session', { query: { since } })),
};

export type { LimitView };
