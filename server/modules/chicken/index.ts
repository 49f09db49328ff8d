// Chicken Road: rounds played step by step on the server, seed pairs and bets.
// The player's seed pair, shared by every game the player draws from (the spinner too).
export { revealedSeeds, takeNonce } from './fairness.service.js';
export { drawFloat, sha256Hex } from './chicken.draw.js';
export { assertBetInRange } from './chicken.service.js';
export { purgeIdleDemoPlayers } from './demo.repo.js';
