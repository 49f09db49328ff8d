// The colour game: periods for everyone from a committed hash chain, bets through the ledger, results over the socket.
export { colorEngineJob } from './color.engine.js';
export { ColorChains, ColourSaltRefused, prepareChains } from './color.chains.js';
