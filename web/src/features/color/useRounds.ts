import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import type { CountdownEvent, NewRoundEvent, RoundResultEvent } from '../../../../contracts/color';

export interface Rounds {
  connected: boolean;
  round: NewRoundEvent | null;
  /** Seconds left in the current period. */
  timeLeft: number | null;
  lastResult: RoundResultEvent | null;
}

/**
 * The realtime socket (spec section 4): connected flag; newRound sets the round and the time left
 * to duration/1000, countdown updates the time left, roundResult keeps the last result. Connection
 * timeout 20 s, reconnect after 1 s, backing off to 5 s.
 */
export function useRounds(onResult?: (result: RoundResultEvent) => void): Rounds {
  const [state, setState] = useState<Rounds>({ connected: false, round: null, timeLeft: null, lastResult: null });
  const resultHandler = useRef(onResult);
  useEffect(() => {
    resultHandler.current = onResult;
  }, [onResult]);
  useEffect(() => {
    // A WebSocket straight away; HTTP long-polling only where a WebSocket cannot open.
    const socket = io({
      transports: ['websocket', 'polling'],
      tryAllTransports: true,
      timeout: 20_000,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
    });
    socket.on('connect', () => setState((s) => ({ ...s, connected: true })));
    socket.on('disconnect', () => setState((s) => ({ ...s, connected: false })));
    socket.on('newRound', (round: NewRoundEvent) =>
      setState((s) => ({ ...s, round, timeLeft: Math.max(0, Math.ceil((Date.parse(round.endTime) - Date.now()) / 1000)) || round.duration / 1000 })),
    );
    socket.on('countdown', ({ timeLeft }: CountdownEvent) => setState((s) => ({ ...s, timeLeft })));
    socket.on('roundResult', (result: RoundResultEvent) => {
      setState((s) => ({ ...s, lastResult: result }));
      resultHandler.current?.(result);
    });
    return () => {
      socket.disconnect();
    };
  }, []);
  return state;
}
