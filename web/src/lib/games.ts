import { tk } from './i18n';

/** What the site shows for each game key the visible-games call can answer; unknown keys are skipped. */
export interface GameInfo {
  key: string;
  /** The game's one name, on the home card, in menus and lists (English; `t` gives the player's words, as for the blurb). */
  title: string;
  blurb: string;
  path: string;
}

export const GAMES: Readonly<Record<string, GameInfo>> = {
  chicken: {
    key: 'chicken',
    title: tk('Chicken Road'),
    blurb: tk('Dodge cars, cross the road, and test your reflexes.'),
    path: '/chicken-road',
  },
  color: {
    key: 'color',
    title: tk('Colour Prediction'),
    blurb: tk('Pick a colour, a number or big/small: a new result every minute, and every one can be checked.'),
    path: '/color',
  },
};

export const knownGames = (keys: readonly string[] | undefined): GameInfo[] => (keys ?? []).flatMap((key) => (Object.hasOwn(GAMES, key) ? [GAMES[key]] : []));
