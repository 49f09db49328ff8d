import { z } from 'zod';
import { ok } from './envelope.js';

export * from './ranking.math.js';

export const rankingEntrySchema = z.object({ rank: z.number().int(), name: z.string(), points: z.number() });
export type RankingEntry = z.infer<typeof rankingEntrySchema>;
export const rankingSchema = z.object({ weekStart: z.string(), entries: z.array(rankingEntrySchema) });
export type Ranking = z.infer<typeof rankingSchema>;
export const rankingAnswerSchema = ok(rankingSchema);
