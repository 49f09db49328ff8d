import type { z } from 'zod';
import type { colorBetAnswerSchema, colorBetsPageSchema, ColorState, historyPageSchema, Selection } from '../../../../contracts/color';
import type { Ok } from '../../../../contracts/envelope';
import { api } from '../../lib/api';

type Envelope<T> = Ok<z.ZodType<T>>;
const data = async <T>(p: Promise<Envelope<T>>) => (await p).data;

export type HistoryPage = z.infer<typeof historyPageSchema>;
export type BetsPage = z.infer<typeof colorBetsPageSchema>;

export const colorApi = {
  state: () => data(api<Envelope<ColorState>>('/api/v1/color/state', { anonymous: true })),
  history: (page: number) => data(api<Envelope<HistoryPage>>('/api/v1/color/history', { query: { page }, anonymous: true })),
  bets: (page: number) => data(api<Envelope<BetsPage>>('/api/v1/color/bets', { query: { page } })),
  bet: (body: { period: string; selection: Selection; amount: number }, idempotencyKey: string) =>
    data(api<Envelope<z.infer<typeof colorBetAnswerSchema>>>('/api/v1/color/bet', { method: 'POST', body, idempotencyKey })),
};

export const colorKeys = {
  state: ['color', 'state'] as const,
  history: (page: number) => ['color', 'history', page] as const,
  bets: (page: number) => ['color', 'bets', page] as const,
};
