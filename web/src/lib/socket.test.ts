import { describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { onServerEvent, readEvent, SocketEventError } from './socket';

/** A socket whose events the test sends itself. */
function fakeSocket() {
  const handlers = new Map<string, (payload: unknown) => void>();
  const socket = { on: (event: string, handler: (payload: unknown) => void) => handlers.set(event, handler) } as unknown as Socket;
  return { socket, send: (event: string, payload: unknown) => handlers.get(event)?.(payload) };
}

describe('the realtime socket in tests', () => {
  it('hands a well-formed event to its handler as the contract reads it', () => {
    const { socket, send } = fakeSocket();
    const handler = vi.fn();
    onServerEvent(socket, 'roundResult', handler);
    send('roundResult', { period: '202611240007', number: 5, colour: 'green+violet', size: 'big', hash: 'ef'.repeat(32), seq: 7 });
    // Fields the contract does not name are left out.
    expect(handler).toHaveBeenCalledWith({ period: '202611240007', number: 5, colour: 'green+violet', size: 'big', hash: 'ef'.repeat(32) });
  });

  it('catches a malformed event before any screen sees it, naming the event and each wrong field', () => {
    const { socket, send } = fakeSocket();
    const handler = vi.fn();
    onServerEvent(socket, 'countdown', handler);
    expect(() => send('countdown', { timeLeft: '42' })).toThrow(SocketEventError);
    expect(() => send('countdown', { timeLeft: '42' })).toThrow(/"countdown" event does not match contracts\/color\.ts \(timeLeft: .+\)/);
    onServerEvent(socket, 'newRound', handler);
    expect(() => send('newRound', { period: '202611240008', startTime: '2026-11-23T18:37:00.000Z', endTime: '2026-11-23T18:38:00.000Z' })).toThrow(
      /"newRound" event .*duration/,
    );
    expect(() => readEvent('roundResult', null)).toThrow(/\(the payload\): /);
    expect(handler).not.toHaveBeenCalled();
  });
});
