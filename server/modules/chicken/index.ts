// Chicken Road: rounds played step by step on the server, seed pairs and bets.
export { chickenRoutes as routes } from './chicken.routes.js';
