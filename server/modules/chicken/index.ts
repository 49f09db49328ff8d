// Chicken Road: rounds played step by step on the server, its bets and its demo.
export { purgeIdleDemoPlayers } from './demo.repo.js';
