/** What the site shows for each game key the visible-games call can answer; unknown keys are skipped. */
export interface GameInfo {
  key: string;
  /** The name in menus and lists. */
  menuLabel: string;
  /** The name on the home card. */
  title: string;
  blurb: string;
  path: string;
}

export const GAMES: Readonly<Record<string, GameInfo>> = {
  chicken: {
    key: 'chicken',
    menuLabel: 'Chicken Escape',
    title: 'Chicken Road',
    blurb: 'Dodge cars, cross the road, and test your reflexes.',
    path: '/chicken-road',
  },
  color: {
    key: 'color',
    menuLabel: 'Colour Game',
    title: 'Colour Prediction',
    blurb: 'Pick a colour, a number or big/small: a new result every minute, and every one can be checked.',
    path: '/color',
  },
};

export const knownGames = (keys: readonly string[] | undefined): GameInfo[] => (keys ?? []).flatMap((key) => (Object.hasOwn(GAMES, key) ? [GAMES[key]] : []));
