import { rankingAnswerSchema } from '../../../contracts/ranking.js';
import type { App } from '../../types.js';
import { weeklyRanking } from './ranking.service.js';
import { rankingView } from './ranking.view.js';

export async function rankingRoutes(app: App): Promise<void> {
  app.get(
    '/ranking',
    {
      schema: {
        tags: ['ranking'],
        summary: "This week's top ten by rupees staked in settled rounds, names masked (public)",
        response: { 200: rankingAnswerSchema },
      },
    },
    async () => ({ success: true as const, message: 'Ranking', data: rankingView(await weeklyRanking(app.db, app.clock.now())) }),
  );
}
