import { useEffect, useRef, useState } from 'react';
import type { NewRoundEvent, RoundResultEvent } from '../../../../contracts/color';
import { onServerEvent, openSocket } from '../../lib/socket';

export interface Rounds {
  connected: boolean;
  round: NewRoundEvent | null;
  /** Seconds left in the current period. */
  timeLeft: number | null;
  lastResult: RoundResultEvent | null;
}

/**
 * The colour game over the realtime socket (spec section 4): connected flag; newRound sets the
 * round and the time left to duration/1000, countdown updates the time left, roundResult keeps the
 * last result.
 */
export function useRounds(onResult?: (result: RoundResultEvent) => void): Rounds {
  const [state, setState] = useState<Rounds>({ connected: false, round: null, timeLeft: null, lastResult: null });
  const resultHandler = useRef(onResult);
  useEffect(() => {
    resultHandler.current = onResult;
  }, [onResult]);
  useEffect(() => {
    const socket = openSocket();
    socket.on('connect', () => setState((s) => ({ ...s, connected: true })));
    socket.on('disconnect', () => setState((s) => ({ ...s, connected: false })));
    onServerEvent(socket, 'newRound', (round) =>
      setState((s) => ({ ...s, round, timeLeft: Math.max(0, Math.ceil((Date.parse(round.endTime) - Date.now()) / 1000)) || round.duration / 1000 })),
    );
    onServerEvent(socket, 'countdown', ({ timeLeft }) => setState((s) => ({ ...s, timeLeft })));
    onServerEvent(socket, 'roundResult', (result) => {
      setState((s) => ({ ...s, lastResult: result }));
      resultHandler.current?.(result);
    });
    return () => {
      socket.disconnect();
    };
  }, []);
  return state;
}
