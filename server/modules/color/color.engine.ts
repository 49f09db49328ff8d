import type { CountdownEvent, NewRoundEvent } from '../../../contracts/color.js';
import type { App } from '../../types.js';
import { announcedSince, currentPeriod, resultEvent, settleDue, type ColorGame } from './color.service.js';

const newRound = (game: ColorGame, now: Date): NewRoundEvent => {
  const p = currentPeriod(game, now);
  return { period: p.period, duration: game.roundMs, startTime: p.start.toISOString(), endTime: p.end.toISOString() };
};

/**
 * The period engine. Every server sends its own clients the countdown each second and the new
 * round when a period starts (both follow from the clock). One server at a time – the holder of
 * the `color-engine` lock – settles ended periods; every server announces each result to its
 * clients once it finds it recorded. When the holder dies its lock goes with its connection and
 * another server takes over at its next tick, settling whatever ended meanwhile, so no period is
 * skipped, and settling twice changes nothing.
 */
export function startEngine(app: App, game: ColorGame): () => void {
  const leadership = app.database.leadership('color-engine');
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let roundSeq = 0;
  let announced = -1;
  /** The period during which this server last settled as the holder; 0: not holding. */
  let settledIn = 0;

  app.io.on('connection', (socket) => socket.emit('newRound', newRound(game, app.clock.now())));

  const tick = async () => {
    if (stopped) return;
    const now = app.clock.now();
    const current = currentPeriod(game, now);
    // The clock's news first, before any database work can delay it.
    const countdown: CountdownEvent = { timeLeft: Math.max(0, Math.ceil((current.end.getTime() - now.getTime()) / 1000)) };
    app.io.local.emit('countdown', countdown);
    if (current.seq !== roundSeq) {
      app.io.local.emit('newRound', newRound(game, now));
      roundSeq = current.seq;
    }
    try {
      // The holder settles once a period, and at once when it has just taken over.
      if (!(await leadership.tryLead())) settledIn = 0;
      else if (settledIn !== current.seq) {
        await settleDue(app.db, game, now);
        settledIn = current.seq;
      }
      // Until the previous period's result is announced: results recorded since the last one (on start, only the latest).
      if (announced < current.seq - 1) {
        const results = await announcedSince(app.db, announced, current.seq);
        for (const result of results) app.io.local.emit('roundResult', resultEvent(result));
        if (results.length) announced = results.at(-1)!.seq;
        else if (announced < 0) announced = current.seq - 1;
      }
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
    void leadership.release();
  };
}
