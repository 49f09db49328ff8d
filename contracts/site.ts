import { z } from 'zod';
import { DIFFICULTIES } from './chicken.math.js';
import { ok } from './envelope.js';

/**
 * GET /site/settings: the values the server owns and enforces (limits, the game's ladder), for
 * screens to show and pre-check. The web app never types them a second time; the server's
 * configuration decides them (README "Configuration").
 */
export const siteSettingsSchema = z.object({
  deposit: z.object({ min: z.number(), max: z.number() }),
  withdraw: z.object({ min: z.number(), max: z.number() }),
  chicken: z.object({
    minBet: z.number(),
    maxBet: z.number(),
    maxWin: z.number(),
    rtp: z.number(),
    /** The multiplier after 1, 2, … safe lanes, per difficulty. */
    ladders: z.record(z.enum(DIFFICULTIES), z.array(z.number())),
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export const siteSettingsAnswerSchema = ok(siteSettingsSchema);
