import type { RoundResultEvent } from '../../../../../contracts/color';
import { t } from '../../../lib/i18n';
import { clock } from '../color.format';
import { Ball } from './Ball';

/** The running period: its number, the live flag, its countdown (and when a first period starts) and the last number drawn. */
export function CurrentPeriod({
  period,
  connected,
  timeLeft,
  startsIn,
  closed,
  last,
}: {
  period: string;
  connected: boolean;
  timeLeft: number;
  /** Seconds until a chain's first period starts; 0 or less once it runs. */
  startsIn: number;
  closed: boolean;
  last: Pick<RoundResultEvent, 'number'> | null;
}) {
  return (
    <section className="card color-period" aria-label={t('Current period')}>
      <div>
        <p className="color-period__label">{t('Period')}</p>
        <p className="color-period__id" data-testid="period">
          {period}
        </p>
        <p className={connected ? 'color-live' : 'color-live color-live--off'}>{connected ? t('Live') : t('Connecting…')}</p>
        {startsIn > 0 && <p className="color-period__starts">{t('Starts in {{time}}', { time: clock(startsIn) })}</p>}
      </div>
      <div className="color-period__time">
        <p className="color-period__label">{closed ? t('Bets closed') : t('Time left')}</p>
        <p className="color-period__clock" role="timer" aria-live="off" aria-label={t('{{seconds}} seconds left', { seconds: timeLeft })}>
          {clock(timeLeft)}
        </p>
        {last && (
          <p className="color-period__last">
            {t('Last:')} <Ball n={last.number} size="sm" />
          </p>
        )}
      </div>
    </section>
  );
}
