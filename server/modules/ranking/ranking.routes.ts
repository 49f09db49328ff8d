import { rankingAnswerSchema } from '../../../contracts/ranking.js';
import { routes } from '../../http/route.js';
import type { App } from '../../types.js';
import { weeklyRanking } from './ranking.service.js';
import { rankingView } from './ranking.view.js';

/** The weekly ranking, open to anybody. */
export async function rankingRoutes(app: App): Promise<void> {
  const r = routes(app, { tags: ['ranking'], guard: 'public' });

  r.get('/ranking', {
    summary: "This week's top ten by rupees staked in settled rounds, names masked (public)",
    data: rankingAnswerSchema.shape.data,
    message: 'Ranking',
    handler: async (_input, ctx) => rankingView(await weeklyRanking(ctx)),
  });
}
