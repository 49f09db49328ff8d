import { useEffect, useRef, type CSSProperties } from 'react';
import type { Phase } from '../chicken.state';
import { tileMultiplier } from '../chicken.format';
import { usePrefersReducedMotion } from '../../../lib/usePrefersReducedMotion';
import { CarSprite, ChickenSprite, FlameSprite } from './Sprites';
import { t } from '../../../lib/i18n';

export const LANE_W = 84;
export const KERB_W = 92;
/**
 * Cars drive only in the lanes just ahead of the chicken: the screen shows about four lanes, and
 * cars in all of them (up to 24, each an animated drawing) made the first paint of the game slow.
 */
const CARS_AHEAD = 6;
const CAR_COLOURS = ['#38bdf8', '#f472b6', '#a3e635', '#facc15', '#fb923c', '#c084fc', '#f87171', '#2dd4bf'];

/** A stable pseudo-random number in [0, 1) per lane, so cars differ without re-rendering noise. */
const wobble = (i: number, salt: number) => {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

interface RoadProps {
  ladder: number[];
  lane: number;
  phase: Phase;
  traps: number[] | null;
  burnedLane: number | null;
}

/** The horizontally scrolling road: kerb, one lane per multiplier, finish; the chicken walks it. */
export function Road({ ladder, lane, phase, traps, burnedLane }: RoadProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const reduced = usePrefersReducedMotion();
  const chickenX = lane < 0 ? KERB_W / 2 : KERB_W + lane * LANE_W + LANE_W / 2;
  const trapSet = new Set(traps ?? []);
  const ended = phase === 'gameOver' || phase === 'won';

  // Keep the chicken about a third of the way in, with the next lanes visible ahead of it.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof el.scrollTo !== 'function') return;
    const left = Math.max(0, chickenX - el.clientWidth * 0.35);
    el.scrollTo({ left, behavior: reduced ? 'auto' : 'smooth' });
  }, [chickenX, reduced]);

  const width = KERB_W * 2 + ladder.length * LANE_W;
  return (
    <div className="chicken-road" ref={scroller} tabIndex={0} aria-label={t('Road of multiplier lanes')}>
      <div className="chicken-road__inner" style={{ width }}>
        <ol className="chicken-road__track">
          <li className="chicken-road__kerb chicken-road__kerb--start" aria-label={t('Start')}>
            <span className="chicken-road__kerb-label">{t('START')}</span>
          </li>
          {ladder.map((m, i) => {
            const crossed = i < lane || (i === lane && phase !== 'gameOver');
            const isTrap = trapSet.has(i);
            const status =
              i === burnedLane ? 'burned' : isTrap && ended ? 'trap' : crossed ? 'crossed' : i === lane + 1 && phase === 'playing' ? 'next' : 'ahead';
            const showCar = !ended && i > lane && i <= lane + CARS_AHEAD && !reduced;
            return (
              <li
                key={i}
                className={`chicken-lane chicken-lane--${status}`}
                style={{ width: LANE_W }}
                aria-label={
                  status === 'trap' || status === 'burned'
                    ? t('Lane {{lane}}: {{multiplier}}x, trap', { lane: i + 1, multiplier: m.toFixed(2) })
                    : status === 'crossed'
                      ? t('Lane {{lane}}: {{multiplier}}x, crossed', { lane: i + 1, multiplier: m.toFixed(2) })
                      : t('Lane {{lane}}: {{multiplier}}x', { lane: i + 1, multiplier: m.toFixed(2) })
                }
              >
                {showCar && (
                  <span
                    className="chicken-car"
                    style={
                      {
                        '--car-duration': `${(1.7 + wobble(i, 1) * 1.6).toFixed(2)}s`,
                        '--car-delay': `-${(wobble(i, 2) * 3).toFixed(2)}s`,
                      } as CSSProperties
                    }
                  >
                    <CarSprite colour={CAR_COLOURS[i % CAR_COLOURS.length]} />
                  </span>
                )}
                {crossed && <span className="chicken-lane__barrier" aria-hidden="true" />}
                <span className="chicken-tile">
                  {status === 'trap' || status === 'burned' ? (
                    <span className="chicken-tile__flame">
                      <FlameSprite />
                    </span>
                  ) : null}
                  <span className={`chicken-tile__value${tileMultiplier(m).length > 5 ? ' chicken-tile__value--long' : ''}`}>{tileMultiplier(m)}x</span>
                </span>
              </li>
            );
          })}
          <li className="chicken-road__kerb chicken-road__kerb--finish" aria-label={t('Finish')}>
            <span className="chicken-road__kerb-label">{t('FINISH')}</span>
          </li>
        </ol>
        <div className={`chicken-sprite chicken-sprite--${phase}`} style={{ transform: `translateX(${chickenX}px)` }} aria-hidden="true">
          {/* Keyed by lane so the hop animation replays on every step. */}
          <span key={lane} className="chicken-sprite__hop">
            <ChickenSprite />
          </span>
        </div>
        {burnedLane !== null && (
          <div className="chicken-fire" style={{ transform: `translateX(${KERB_W + burnedLane * LANE_W + LANE_W / 2}px)` }} aria-hidden="true">
            <span className="chicken-fire__ring" />
            <span className="chicken-fire__flame chicken-fire__flame--a">
              <FlameSprite />
            </span>
            <span className="chicken-fire__flame chicken-fire__flame--b">
              <FlameSprite />
            </span>
            <span className="chicken-fire__flame chicken-fire__flame--c">
              <FlameSprite />
            </span>
          </div>
        )}
      </div>
    </div>
  );
}
