// The play core: what every game shares. The player's seed pair and the provably fair draw, bet
// limits, the staking preconditions, and the one way a stake is placed and a win or prize paid.
// Chicken Road, the colour game and the spinner bring only their own rules and views.
export { drawFloat, drawFloats, newClientSeed, newServerSeed, sha256Hex } from './play.draw.js';
export { isSeedUnproven, seedUnproven, STORED_IN_CLEAR, watchUnprovenSeeds, type UnprovenSeed } from './seed-proof.js';
export { readActivePair, revealedSeed, revealedSeeds, sealActiveSeeds, takeNonce, type OpenPair, type SeedKey, type SeedPairRow } from './seeds.service.js';
export {
  assertBetInRange,
  assertGameOpen,
  betLimitsOf,
  fastPath,
  grantPrize,
  payOut,
  stake,
  STAKE_PRECONDITIONS,
  type BetLimits,
  type StakeGame,
  type StakePrecondition,
} from './stake.service.js';
export { WAGER_GAMES, wagerKeys, type WagerGame } from './wagers.js';
