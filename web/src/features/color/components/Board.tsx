import { memo } from 'react';
import { NUMBERS, type Selection } from '../../../../../contracts/color.math';
import type { ExclusionView } from '../../../../../contracts/responsible';
import { t } from '../../../lib/i18n';
import { Ball, labelOf } from './Ball';
import { BreakClosed } from './BreakClosed';

/**
 * The bet buttons. The countdown renders the page every second; this part (and the results and
 * rules below it) renders again only when what it shows changes.
 */
export const Board = memo(function Board({
  closed: periodClosed,
  timeLeft,
  exclusion,
  onPick,
}: {
  closed: boolean;
  timeLeft: number | null;
  exclusion: ExclusionView | null;
  onPick: (s: Selection) => void;
}) {
  const closed = periodClosed || exclusion !== null;
  return (
    <section className="card color-board" aria-label={t('Place a bet')}>
      {exclusion ? (
        <BreakClosed exclusion={exclusion} />
      ) : (
        periodClosed && (
          <p className="color-closed" role="status">
            {t('Bets for this period are closed. The next one opens in {{seconds}} s.', { seconds: timeLeft })}
          </p>
        )
      )}
      <div className="color-board__colours">
        {(['green', 'violet', 'red'] as const).map((c) => (
          <button key={c} type="button" className={`color-pick color-pick--${c}`} disabled={closed} onClick={() => onPick(c)}>
            {labelOf(c)}
          </button>
        ))}
      </div>
      <div className="color-board__numbers" role="group" aria-label={t('Numbers')}>
        {NUMBERS.map((n) => (
          <button key={n} type="button" className="color-number" disabled={closed} onClick={() => onPick(n)} aria-label={t('Number {{n}}', { n })}>
            <Ball n={Number(n)} />
          </button>
        ))}
      </div>
      <div className="color-board__sizes">
        {(['big', 'small'] as const).map((s) => (
          <button key={s} type="button" className={`color-pick color-pick--${s}`} disabled={closed} onClick={() => onPick(s)}>
            {labelOf(s)} <small>{s === 'big' ? '5–9' : '0–4'}</small>
          </button>
        ))}
      </div>
    </section>
  );
});
