import type { z } from 'zod';
import type {
  betsPageSchema,
  DemoState,
  Difficulty,
  fairnessSchema,
  goAnswerSchema,
  RoundView,
  rotateAnswerSchema,
  startAnswerSchema,
  stopAnswerSchema,
} from '../../../../contracts/chicken';
import type { Ok } from '../../../../contracts/envelope';
import { api } from '../../lib/api';

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
type Envelope<T> = Ok<z.ZodType<T>>;

const base = '/api/v1/chicken-road';
const data = async <T>(p: Promise<Envelope<T>>) => (await p).data;

export const chickenApi = {
  start: (body: { betAmount: number; difficulty: Difficulty; autoCashout: number | null; userId: string }) =>
    data(api<Envelope<StartedRound>>(`${base}/start`, { method: 'POST', body: { ...body, gameType: 'chicken' } })),
  go: (roundId: string) => data(api<Envelope<z.infer<typeof goAnswerSchema>>>(`${base}/go`, { method: 'POST', body: { roundId } })),
  stop: (roundId: string) => data(api<Envelope<z.infer<typeof stopAnswerSchema>>>(`${base}/stop`, { method: 'POST', body: { roundId } })),
  active: () => data(api<Envelope<RoundView | null>>(`${base}/active`)),
  fairness: () => data(api<Envelope<SeedPair>>('/api/v1/fairness')),
  setClientSeed: (clientSeed: string) => data(api<Envelope<SeedPair>>('/api/v1/fairness/client-seed', { method: 'POST', body: { clientSeed } })),
  rotate: () => data(api<Envelope<RotatedSeedPair>>('/api/v1/fairness/rotate', { method: 'POST', body: {} })),
  bets: (page: number) => data(api<Envelope<BetsPage>>('/api/v1/bets', { query: { page } })),
};

const demoBase = '/api/v1/demo/chicken-road';

/** The demo game: the same calls on play money, for anyone; a cookie names the visitor's demo. */
export const demoApi = {
  state: () => data(api<Envelope<DemoState>>(demoBase, { anonymous: true })),
  start: (body: { betAmount: number; difficulty: Difficulty; autoCashout: number | null }) =>
    data(api<Envelope<StartedRound>>(`${demoBase}/start`, { method: 'POST', body, anonymous: true })),
  go: () => data(api<Envelope<z.infer<typeof goAnswerSchema>>>(`${demoBase}/go`, { method: 'POST', anonymous: true })),
  stop: () => data(api<Envelope<z.infer<typeof stopAnswerSchema>>>(`${demoBase}/stop`, { method: 'POST', anonymous: true })),
  reset: () => data(api<Envelope<DemoState>>(`${demoBase}/reset`, { method: 'POST', anonymous: true })),
};

export const demoKey = ['chicken', 'demo'] as const;
export const fairnessKey = ['chicken', 'fairness'] as const;
export const betsKey = (page: number) => ['chicken', 'bets', page] as const;
