import type { App } from '../types.js';

/**
 * Route `config` for a per-IP limit (RATE_LIMIT_MAX calls per RATE_LIMIT_WINDOW_SECONDS), for
 * the calls that guess, send or record something: `config: { ...rateLimited(app) }`.
 */
export const rateLimited = (app: App) => ({
  rateLimit: { max: app.config.RATE_LIMIT_MAX, timeWindow: app.config.RATE_LIMIT_WINDOW_SECONDS * 1000 },
});
