import { laneCount, multiplierLadder, type Difficulty } from '../../../../../contracts/chicken.math';
import { tileMultiplier } from '../chicken.format';
import { FlameSprite } from './Sprites';
import { t } from '../../../lib/i18n';

interface MiniRoadProps {
  difficulty: Difficulty;
  traps: number[];
  /** Lanes the player crossed in the round, when known. */
  lanesCrossed?: number;
}

/** A compact road for the verification view: every lane with its multiplier, traps on fire. */
export function MiniRoad({ difficulty, traps, lanesCrossed }: MiniRoadProps) {
  const ladder = multiplierLadder(difficulty);
  const trapSet = new Set(traps);
  return (
    <ol
      className="chicken-mini"
      aria-label={t('{{difficulty}} road with {{count}} lanes', { difficulty: t(difficulty), count: laneCount(difficulty) })}
      data-testid="mini-road"
    >
      {ladder.map((m, i) => {
        const trap = trapSet.has(i);
        const crossed = lanesCrossed !== undefined && i < lanesCrossed;
        return (
          <li
            key={i}
            className={`chicken-mini__lane${trap ? ' is-trap' : ''}${crossed ? ' is-crossed' : ''}`}
            aria-label={trap ? t('Lane {{lane}}: trap', { lane: i + 1 }) : t('Lane {{lane}}: safe, {{multiplier}}x', { lane: i + 1, multiplier: m.toFixed(2) })}
            data-trap={trap || undefined}
          >
            <span className="chicken-mini__num">{i + 1}</span>
            {trap ? (
              <span className="chicken-mini__flame">
                <FlameSprite />
              </span>
            ) : (
              <span className="chicken-mini__mult">{tileMultiplier(m)}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
