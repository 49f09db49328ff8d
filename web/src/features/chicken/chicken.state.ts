import type { RoundView } from './chicken.api';

export type Phase = 'idle' | 'playing' | 'gameOver' | 'won';

export interface GameState {
  phase: Phase;
  round: RoundView | null;
  /** The lane the chicken stands on; -1 on the kerb before the road. */
  lane: number;
  multiplier: number;
  payout: number;
  /** Revealed once the round has ended. */
  traps: number[] | null;
  /** The trap lane the chicken stepped on. */
  burnedLane: number | null;
  resultOpen: boolean;
}

export type GameAction =
  | { type: 'begin'; round: RoundView }
  | { type: 'step'; round: RoundView }
  | { type: 'lost'; round: RoundView }
  | { type: 'won'; round: RoundView }
  | { type: 'showResult' }
  | { type: 'reset' };

export const initialGame: GameState = {
  phase: 'idle',
  round: null,
  lane: -1,
  multiplier: 0,
  payout: 0,
  traps: null,
  burnedLane: null,
  resultOpen: false,
};

export function gameReducer(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case 'begin':
      return { ...initialGame, phase: 'playing', round: action.round, lane: action.round.lane, multiplier: action.round.multiplier };
    case 'step':
      if (state.phase !== 'playing') return state;
      return { ...state, lane: action.round.lane, multiplier: action.round.multiplier };
    case 'lost':
      return {
        ...state,
        phase: 'gameOver',
        round: state.round ?? action.round,
        lane: action.round.lane,
        burnedLane: action.round.lane,
        multiplier: 0,
        payout: 0,
        traps: action.round.traps ?? null,
      };
    case 'won':
      return {
        ...state,
        phase: 'won',
        round: state.round ?? action.round,
        lane: action.round.lane,
        multiplier: action.round.multiplier,
        payout: action.round.payout ?? 0,
        traps: action.round.traps ?? null,
      };
    case 'showResult':
      return state.phase === 'gameOver' || state.phase === 'won' ? { ...state, resultOpen: true } : state;
    case 'reset':
      return initialGame;
  }
}
