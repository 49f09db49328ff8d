import type { z } from 'zod';
import type { colorBetsPageSchema, commitmentsPageSchema, historyPageSchema, Selection } from '../../../../contracts/color';
import { apiData, okAnswer } from '../../lib/api';

export type HistoryPage = z.infer<typeof historyPageSchema>;
export type BetsPage = z.infer<typeof colorBetsPageSchema>;
export type CommitmentsPage = z.infer<typeof commitmentsPageSchema>;

const contract = () => import('../../../../contracts/color');

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
  bet: (body: { period: string; selection: Selection; amount: number }, idempotencyKey: string) =>
    apiData(
      okAnswer(contract, (c) => c.colorBetAnswerSchema),
      '/api/v1/color/bet',
      { method: 'POST', body, idempotencyKey },
    ),
};

/** The colour game's query keys, the one place they are written. */
export const colorKeys = {
  all: ['color'] as const,
  state: ['color', 'state'] as const,
  history: (page: number) => ['color', 'history', page] as const,
  commitments: (page: number) => ['color', 'commitments', page] as const,
  period: (period: string) => ['color', 'period', period] as const,
  /** A period's check in the browser, against the chain it names. */
  check: (period: string, chain: number | undefined) => ['color', 'check', period, chain] as const,
  allBets: ['color', 'bets'] as const,
  bets: (page: number) => ['color', 'bets', page] as const,
};
