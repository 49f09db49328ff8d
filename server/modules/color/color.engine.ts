import { contextOf } from '../../lib/context.js';
import type { Job } from '../../plugins/scheduler.js';
import type { App } from '../../types.js';
import { isSeedUnproven } from '../play/index.js';
import { countdownEvent, newRoundEvent, resultEvent } from './color.events.js';
import { currentPeriod, seqAt } from './color.rules.js';
import { announcedSince, settleDue } from './color.service.js';

/**
 * The period engine, a job of the scheduler run on every server each whole second. Every server
 * sends its own clients the countdown and the new round when a period starts (both follow from
 * the clock). The leader alone settles ended periods; every server announces each result to its
 * clients once it finds it recorded. When the leader dies another server leads at its next run
 * and settles whatever ended meanwhile, so no period is skipped, and settling twice changes nothing.
 */
export function colorEngineJob(app: App): Job {
  const chains = app.colorChains;
  let roundSeq = 0;
  let announced = -1;
  /** The period during which this server last settled as the leader; 0: not leading. */
  let settledIn = 0;

  return {
    name: 'colour period engine',
    leaderOnly: false,
    firstAfterMs: 0,
    // The next whole second, so every client's countdown moves together.
    nextAfterMs: (now) => 1000 - (now.getTime() % 1000) + 5,
    start() {
      app.io.on('connection', (socket) => {
        const ctx = contextOf(app);
        void chains.game(ctx).then(
          (g) => {
            const current = currentPeriod(g, ctx.now);
            if (current) socket.emit('newRound', newRoundEvent(current));
          },
          () => undefined,
        );
      });
    },
    async run(ctx) {
      const { now, leading } = ctx;
      const g = await chains.game(ctx);
      const current = currentPeriod(g, now);
      // The clock's news first, before any database work can delay it. (None while the chain waits for its salt.)
      if (current) {
        app.io.local.emit('countdown', countdownEvent(current, now));
        if (current.seq !== roundSeq) {
          app.io.local.emit('newRound', newRoundEvent(current));
          roundSeq = current.seq;
        }
      }
      const running = Math.max(seqAt(g, now), current?.seq ?? 0);
      // The leader settles once a period, and at once when it has just taken over.
      if (!leading) settledIn = 0;
      else if (settledIn !== running) {
        try {
          await settleDue(ctx, { game: g });
        } catch (err) {
          // A chain whose seed did not prove itself settles nothing (already logged and counted once): tried again next period.
          if (!isSeedUnproven(err)) throw err;
        }
        settledIn = running;
      }
      // Until the previous period's result is announced: results recorded since the last one (on start, only the latest).
      if (announced < running - 1) {
        const results = await announcedSince(ctx, { after: announced, running });
        for (const result of results) app.io.local.emit('roundResult', resultEvent(result));
        if (results.length) announced = results.at(-1)!.seq;
        else if (announced < 0) announced = running - 1;
      }
    },
  };
}
