import type { BetRecord, Difficulty, RoundView } from '../../../../contracts/chicken';
import { api } from '../../lib/api';

export type { BetRecord, Difficulty, RoundState, RoundView } from '../../../../contracts/chicken';

/** start answers the new round with the balance after the bet. */
export type StartedRound = RoundView & { balance: number };
/** go answers the round after one step; stop the won round. Both carry the balance. */
export type SteppedRound = RoundView & { safe?: boolean; balance?: number };

export interface SeedPair {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface RotatedSeedPair extends SeedPair {
  previousServerSeed: string;
  previousServerSeedHash: string;
  previousClientSeed: string;
  previousNonce: number;
}

export interface BetsPage {
  bets: BetRecord[];
  page: number;
  totalPages: number;
  total: number;
}

interface Envelope<T> {
  success: boolean;
  message?: string;
  data: T;
}

const base = '/api/v1/chicken-road';
const data = async <T>(p: Promise<Envelope<T>>) => (await p).data;

export const chickenApi = {
  start: (body: { betAmount: number; difficulty: Difficulty; autoCashout: number | null; userId: string }) =>
    data(api<Envelope<StartedRound>>(`${base}/start`, { method: 'POST', body: { ...body, gameType: 'chicken' } })),
  go: (roundId: string) => data(api<Envelope<SteppedRound>>(`${base}/go`, { method: 'POST', body: { roundId } })),
  stop: (roundId: string) => data(api<Envelope<SteppedRound>>(`${base}/stop`, { method: 'POST', body: { roundId } })),
  active: () => data(api<Envelope<RoundView | null>>(`${base}/active`)),
  fairness: () => data(api<Envelope<SeedPair>>('/api/v1/fairness')),
  setClientSeed: (clientSeed: string) => data(api<Envelope<SeedPair>>('/api/v1/fairness/client-seed', { method: 'POST', body: { clientSeed } })),
  rotate: () => data(api<Envelope<RotatedSeedPair>>('/api/v1/fairness/rotate', { method: 'POST', body: {} })),
  bets: (page: number) => data(api<Envelope<BetsPage>>('/api/v1/bets', { query: { page } })),
};

export const fairnessKey = ['chicken', 'fairness'] as const;
export const betsKey = (page: number) => ['chicken', 'bets', page] as const;
