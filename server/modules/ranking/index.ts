// The weekly ranking: a public report over settled rounds.
export { rankingRoutes as routes } from './ranking.routes.js';
