import type { CountdownEvent, NewRoundEvent } from '../../../contracts/color.js';
import type { App } from '../../types.js';
import { currentPeriod, resultEvent, settleDue, type ColorGame } from './color.service.js';

const newRound = (game: ColorGame, now: Date): NewRoundEvent => {
  const p = currentPeriod(game, now);
  return { period: p.period, duration: game.roundMs, startTime: p.start.toISOString(), endTime: p.end.toISOString() };
};

/**
 * The period engine: at each period's end it settles what is due and announces the result and
 * the next round; every second it sends the countdown. A client that connects mid-period gets
 * the current round at once.
 */
export function startEngine(app: App, game: ColorGame): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastSeq = 0;

  app.io.on('connection', (socket) => socket.emit('newRound', newRound(game, app.clock.now())));

  const tick = async () => {
    if (stopped) return;
    const now = app.clock.now();
    const current = currentPeriod(game, now);
    try {
      if (current.seq !== lastSeq) {
        for (const result of await settleDue(app.db, game, now)) app.io.emit('roundResult', resultEvent(result));
        app.io.emit('newRound', newRound(game, now));
        lastSeq = current.seq;
      }
      const countdown: CountdownEvent = { timeLeft: Math.max(0, Math.ceil((current.end.getTime() - now.getTime()) / 1000)) };
      app.io.emit('countdown', countdown);
    } catch (err) {
      app.log.error({ err }, 'colour period engine');
    }
    // The next whole second, so every client's countdown moves together.
    if (!stopped) timer = setTimeout(() => void tick(), 1000 - (Date.now() % 1000) + 5);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
