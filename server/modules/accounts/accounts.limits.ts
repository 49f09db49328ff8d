import type { App } from '../../types.js';

/** Per-IP limit for the calls that guess or send (RATE_LIMIT_MAX per RATE_LIMIT_WINDOW_SECONDS). */
export const rateLimited = (app: App) => ({
  rateLimit: { max: app.config.RATE_LIMIT_MAX, timeWindow: app.config.RATE_LIMIT_WINDOW_SECONDS * 1000 },
});
