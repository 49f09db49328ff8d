import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  betsPageSchema,
  Difficulty,
  fairnessSchema,
  goAnswerSchema,
  RoundView,
  rotateAnswerSchema,
  startAnswerSchema,
} from '../../../../contracts/chicken';
import { apiData, okAnswer } from '../../lib/api';

export type { BetRecord, Difficulty, RoundState, RoundView } from '../../../../contracts/chicken';

/** start answers the new round with the balance after the bet. */
export type StartedRound = z.infer<typeof startAnswerSchema>;
/**
 * go answers the round after one step, stop the won round, both with the balance; a refused step
 * may carry the ended round without them. The screen takes any of these.
 */
export type SteppedRound = RoundView & Partial<Pick<z.infer<typeof goAnswerSchema>, 'safe' | 'balance'>>;
export type SeedPair = z.infer<typeof fairnessSchema>;
export type RotatedSeedPair = z.infer<typeof rotateAnswerSchema>;
export type BetsPage = z.infer<typeof betsPageSchema>;
const contract = () => import('../../../../contracts/chicken');
const base = '/api/v1/chicken-road';

export const chickenApi = {
  start: (body: { betAmount: number; difficulty: Difficulty; autoCashout: number | null; userId: string }) =>
    apiData(
      okAnswer(contract, (c) => c.startAnswerSchema),
      `${base}/start`,
      { method: 'POST', body: { ...body, gameType: 'chicken' } },
    ),
  go: (roundId: string) =>
    apiData(
      okAnswer(contract, (c) => c.goAnswerSchema),
      `${base}/go`,
      { method: 'POST', body: { roundId } },
    ),
  stop: (roundId: string) =>
    apiData(
      okAnswer(contract, (c) => c.stopAnswerSchema),
      `${base}/stop`,
      { method: 'POST', body: { roundId } },
    ),
  active: () =>
    apiData(
      okAnswer(contract, (c) => c.roundViewSchema.nullable()),
      `${base}/active`,
    ),
  fairness: () =>
    apiData(
      okAnswer(contract, (c) => c.fairnessSchema),
      '/api/v1/fairness',
    ),
  setClientSeed: (clientSeed: string) =>
    apiData(
      okAnswer(contract, (c) => c.fairnessSchema),
      '/api/v1/fairness/client-seed',
      { method: 'POST', body: { clientSeed } },
    ),
  rotate: () =>
    apiData(
      okAnswer(contract, (c) => c.rotateAnswerSchema),
      '/api/v1/fairness/rotate',
      { method: 'POST', body: {} },
    ),
  bets: (page: number) =>
    apiData(
      okAnswer(contract, (c) => c.betsPageSchema),
      '/api/v1/bets',
      { query: { page } },
    ),
};

const demoBase = '/api/v1/demo/chicken-road';

/** The demo game: the same calls on play money, for anyone; a cookie names the visitor's demo. */
export const demoApi = {
  state: () =>
    apiData(
      okAnswer(contract, (c) => c.demoStateSchema),
      demoBase,
      { anonymous: true },
    ),
  start: (body: { betAmount: number; difficulty: Difficulty; autoCashout: number | null }) =>
    apiData(
      okAnswer(contract, (c) => c.startAnswerSchema),
      `${demoBase}/start`,
      { method: 'POST', body, anonymous: true },
    ),
  go: () =>
    apiData(
      okAnswer(contract, (c) => c.goAnswerSchema),
      `${demoBase}/go`,
      { method: 'POST', anonymous: true },
    ),
  stop: () =>
    apiData(
      okAnswer(contract, (c) => c.stopAnswerSchema),
      `${demoBase}/stop`,
      { method: 'POST', anonymous: true },
    ),
  reset: () =>
    apiData(
      okAnswer(contract, (c) => c.demoStateSchema),
      `${demoBase}/reset`,
      { method: 'POST', anonymous: true },
    ),
};

/** Chicken Road's query keys, the one place they are written. */
export const chickenKeys = {
  demo: ['chicken', 'demo'] as const,
  fairness: ['chicken', 'fairness'] as const,
  allBets: ['chicken', 'bets'] as const,
  bets: (page: number) => ['chicken', 'bets', page] as const,
};

/** The player's bets, newest first, a page at a time. */
export const betsQuery = (page: number) =>
  queryOptions({ queryKey: chickenKeys.bets(page), queryFn: () => chickenApi.bets(page), placeholderData: keepPreviousData });
export const useBets = (page: number) => useQuery(betsQuery(page));

/** The visitor's demo: its balance and the round in play. */
export const demoStateQuery = () => queryOptions({ queryKey: chickenKeys.demo, queryFn: demoApi.state });
export const useDemoState = (enabled: boolean) => useQuery({ ...demoStateQuery(), enabled });

/** The player's active seed pair (server seed hash, client seed, next nonce). */
export const seedPairQuery = () => queryOptions({ queryKey: chickenKeys.fairness, queryFn: chickenApi.fairness });
export const useSeedPair = () => useQuery(seedPairQuery());
