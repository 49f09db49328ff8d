import { Link } from 'react-router';
import type { GameInfo } from '../../lib/games';
import { t } from '../../lib/i18n';

/** The road-crossing chicken, drawn so it looks the same on every device. */
function ChickenArt() {
  return (
    <svg className="home-card__art-svg" viewBox="0 0 320 150" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="home-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2b2466" />
          <stop offset="1" stopColor="#141533" />
        </linearGradient>
      </defs>
      <rect width="320" height="150" fill="url(#home-sky)" />
      <rect y="70" width="320" height="80" fill="#26283f" />
      <rect y="70" width="320" height="4" fill="#3b3e66" />
      {[0, 1, 2, 3, 4, 5, 6, 7].map((i) => (
        <rect key={i} x={i * 44 + 6} y="108" width="24" height="4" rx="2" fill="#ffc83d" opacity="0.7" />
      ))}
      {[0, 1, 2, 3, 4].map((i) => (
        <g key={i} transform={`translate(${150 + i * 34} 18)`}>
          <rect width="28" height="22" rx="6" fill="#1c1e3d" stroke="#ffc83d" strokeOpacity="0.5" />
          <text x="14" y="15" textAnchor="middle" fontSize="9" fontWeight="700" fill="#ffc83d">
            {(1 + (i + 1) * 0.35).toFixed(2)}x
          </text>
        </g>
      ))}
      <g transform="translate(232 86)">
        <rect width="62" height="26" rx="8" fill="#ff5b6e" />
        <rect x="10" y="-12" width="36" height="16" rx="6" fill="#ff7d8c" />
        <rect x="16" y="-9" width="11" height="10" rx="2" fill="#bfe6ff" />
        <rect x="30" y="-9" width="11" height="10" rx="2" fill="#bfe6ff" />
        <circle cx="14" cy="27" r="7" fill="#0b0c19" />
        <circle cx="48" cy="27" r="7" fill="#0b0c19" />
      </g>
      <g transform="translate(58 64)">
        <ellipse cx="26" cy="58" rx="24" ry="5" fill="#000" opacity="0.25" />
        <path d="M8 34c0-14 10-24 22-24s20 9 20 22-9 22-22 22S8 48 8 34z" fill="#fff8ec" />
        <path d="M40 8c0-6 8-8 10-2-4-4-8 0-6 4z" fill="#ff5b6e" />
        <circle cx="38" cy="14" r="12" fill="#fff8ec" />
        <path d="M36 3c2-5 8-5 9 0 2-4 7-2 6 2-4-1-10-1-15-2z" fill="#ff5b6e" />
        <circle cx="42" cy="13" r="2.2" fill="#1c1400" />
        <path d="M49 16l8 3-8 3z" fill="#ffb020" />
        <path d="M44 22c2 4 0 7-3 7 1-3 1-5 3-7z" fill="#ff5b6e" />
        <path d="M14 32c6 0 12 4 14 10-8 1-13-3-14-10z" fill="#f1e4cf" />
        <path d="M22 54v7M32 54v7M19 61h6M29 61h6" stroke="#ffb020" strokeWidth="2.5" strokeLinecap="round" />
      </g>
    </svg>
  );
}

/** Coloured number balls, for the colour game's card. */
function ColorArt() {
  const balls: [number, string][] = [
    [1, '#17803d'],
    [0, '#c42a3c'],
    [5, '#7a3fd1'],
    [8, '#c42a3c'],
    [3, '#17803d'],
  ];
  return (
    <svg className="home-card__art-svg" viewBox="0 0 320 150" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMid slice">
      <rect width="320" height="150" fill="#1a1640" />
      {balls.map(([n, fill], i) => (
        <g key={n} transform={`translate(${44 + i * 58} ${i % 2 ? 88 : 62})`}>
          <circle r="24" fill={fill} />
          <text y="8" textAnchor="middle" fontSize="22" fontWeight="800" fill="#fff">
            {n}
          </text>
        </g>
      ))}
    </svg>
  );
}

/**
 * One game: the title is the link (its name is the title), stretched over the whole card so the
 * picture, the blurb and Play open the game too.
 */
/**
 * The card as it will be, without its link, while the list of open games loads: the screen keeps
 * its shape, so nothing below it jumps when the games arrive.
 */
export function GameCardPlaceholder({ game }: { game: GameInfo }) {
  return (
    <div className="home-card home-card--waiting" aria-hidden="true">
      <div className="home-card__art">{game.key === 'color' ? <ColorArt /> : <ChickenArt />}</div>
      <div className="home-card__body">
        <div>
          <p className="home-card__title">{t(game.title)}</p>
          <p className="home-card__blurb">{t(game.blurb)}</p>
        </div>
        <span className="home-card__play">{t('Play')}</span>
      </div>
    </div>
  );
}

export function GameCard({ game }: { game: GameInfo }) {
  return (
    <article className="home-card">
      <div className="home-card__art">
        {game.key === 'color' ? <ColorArt /> : <ChickenArt />}
        <span className="home-card__badge">{t('Live')}</span>
      </div>
      <div className="home-card__body">
        <div>
          <h3 className="home-card__title">
            <Link to={game.path} className="home-card__link" aria-describedby={`home-card-${game.key}-blurb`}>
              {t(game.title)}
            </Link>
          </h3>
          <p id={`home-card-${game.key}-blurb`} className="home-card__blurb">
            {t(game.blurb)}
          </p>
        </div>
        <span className="home-card__play" aria-hidden="true">
          {t('Play')}
        </span>
      </div>
    </article>
  );
}
