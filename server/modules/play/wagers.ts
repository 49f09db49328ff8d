import { COLOR_GAME } from '../../../contracts/color.js';
import { GAME_TYPE as CHICKEN_GAME } from '../../../contracts/chicken.js';

/**
 * Every game that moves money, with the names its ledger entries carry. A stake moves wallet →
 * house under its stake key, a win house → wallet under its payout key, a prize promotions →
 * wallet; each key is used once forever, so a replay never moves money twice. The SQL fast path
 * of Chicken Road (migration 0018) is handed these same names, never writes its own.
 */
export const WAGER_GAMES = {
  chicken: { gameType: CHICKEN_GAME, title: 'Chicken Road', reference: 'chicken', stakeKey: 'bet', payoutKey: 'payout' },
  color: { gameType: COLOR_GAME, title: 'The colour game', reference: 'color', stakeKey: 'color-bet', payoutKey: 'color-payout' },
  spinner: { gameType: null, title: 'The prize wheel', reference: 'spin', stakeKey: null, payoutKey: 'spin' },
} as const;

export type WagerGame = keyof typeof WAGER_GAMES;

/** The ledger names of one wager (a round, a colour bet, a spin) of a game, by its id. */
export function wagerKeys(game: WagerGame, id: string): { reference: string; stakeKey: string; payoutKey: string } {
  const g = WAGER_GAMES[game];
  return { reference: `${g.reference}:${id}`, stakeKey: `${g.stakeKey ?? g.reference}:${id}`, payoutKey: `${g.payoutKey}:${id}` };
}
