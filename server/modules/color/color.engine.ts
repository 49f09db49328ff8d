import type { CountdownEvent, NewRoundEvent } from '../../../contracts/color.js';
import type { Job } from '../../plugins/scheduler.js';
import type { App } from '../../types.js';
import { isSeedUnproven } from '../play/index.js';
import { announcedSince, colorGame, currentPeriod, seqAt, settleDue, type PeriodTimes } from './color.service.js';
import { offsetsOf, resultEvent } from './color.view.js';

const newRound = (p: PeriodTimes): NewRoundEvent => ({
  period: p.period,
  duration: p.end.getTime() - p.start.getTime(),
  startTime: p.start.toISOString(),
  endTime: p.end.toISOString(),
});

/**
 * The period engine, a job of the scheduler run on every server each whole second. Every server
 * sends its own clients the countdown and the new round when a period starts (both follow from
 * the clock). The leader alone settles ended periods; every server announces each result to its
 * clients once it finds it recorded. When the leader dies another server leads at its next run
 * and settles whatever ended meanwhile, so no period is skipped, and settling twice changes nothing.
 */
export function colorEngineJob(app: App): Job {
  let roundSeq = 0;
  let announced = -1;
  /** The period during which this server last settled as the leader; 0: not leading. */
  let settledIn = 0;
  const game = () => colorGame(app.db, app.config, app.clock.now());

  return {
    name: 'colour period engine',
    leaderOnly: false,
    firstAfterMs: 0,
    // The next whole second, so every client's countdown moves together.
    nextAfterMs: (now) => 1000 - (now.getTime() % 1000) + 5,
    start() {
      app.io.on('connection', (socket) => {
        void game().then(
          (g) => {
            const current = currentPeriod(g, app.clock.now());
            if (current) socket.emit('newRound', newRound(current));
          },
          () => undefined,
        );
      });
    },
    async run({ now, leading }) {
      const g = await game();
      const current = currentPeriod(g, now);
      // The clock's news first, before any database work can delay it. (None while the chain waits for its salt.)
      if (current) {
        const countdown: CountdownEvent = { timeLeft: Math.max(0, Math.ceil((current.end.getTime() - now.getTime()) / 1000)) };
        app.io.local.emit('countdown', countdown);
        if (current.seq !== roundSeq) {
          app.io.local.emit('newRound', newRound(current));
          roundSeq = current.seq;
        }
      }
      const running = Math.max(seqAt(g, now), current?.seq ?? 0);
      // The leader settles once a period, and at once when it has just taken over.
      if (!leading) settledIn = 0;
      else if (settledIn !== running) {
        try {
          await settleDue(app.db, g, now);
        } catch (err) {
          // A chain whose seed did not prove itself settles nothing (already logged and counted once): tried again next period.
          if (!isSeedUnproven(err)) throw err;
        }
        settledIn = running;
      }
      // Until the previous period's result is announced: results recorded since the last one (on start, only the latest).
      if (announced < running - 1) {
        const results = await announcedSince(app.db, announced, running);
        for (const result of results) app.io.local.emit('roundResult', resultEvent(result, offsetsOf(g.chains)));
        if (results.length) announced = results.at(-1)!.seq;
        else if (announced < 0) announced = running - 1;
      }
    },
  };
}
