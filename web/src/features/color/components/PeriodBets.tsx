import { formatRupees } from '../../../../../contracts/amounts';
import { paidResult } from '../../../lib/betResult';
import { t } from '../../../lib/i18n';
import { useExclusion } from '../../../lib/useExclusion';
import { useSession } from '../../../lib/useSession';
import { usePeriodBets } from '../color.api';
import { labelOf } from './Ball';

/**
 * On the board: the player's bets on the running period, and the outcome of their bets on the
 * period that has just ended (paid ₹x (+₹y) / lost), read out to screen readers as it arrives. A period
 * whose result is in but whose bets the server has not settled yet is asked for again shortly.
 */
export function PeriodBets({ period, lastPeriod }: { period: string; lastPeriod: string | null }) {
  const { signedIn } = useSession();
  const onBreak = useExclusion() !== null;
  const list = usePeriodBets(lastPeriod);
  const bets = list.data?.bets ?? [];
  const open = bets.filter((b) => b.period === period);
  const ended = bets.filter((b) => b.period === lastPeriod && b.status !== 'open');
  const won = ended.filter((b) => b.status === 'won').reduce((sum, b) => sum + b.payout, 0);
  const staked = ended.reduce((sum, b) => sum + b.amount, 0);
  // On a break with nothing staked or settled here, there is nothing to show: the board says why.
  if (!signedIn || (onBreak && open.length === 0 && ended.length === 0)) return null;
  return (
    <section className="card color-mine" aria-label={t('Your bets')}>
      <div aria-live="polite" aria-atomic="true">
        {ended.length > 0 && (
          <p className={won > 0 ? 'color-mine__result color-mine__result--won' : 'color-mine__result color-mine__result--lost'} data-testid="period-result">
            {won > 0
              ? t('Period {{period}}: {{result}}', { period: lastPeriod, result: paidResult(staked, won).text })
              : t('Period {{period}}: you lost {{amount}}', { period: lastPeriod, amount: formatRupees(staked) })}
          </p>
        )}
      </div>
      {open.length > 0 ? (
        <>
          <p className="color-mine__title">{t('Your bets on this period')}</p>
          <ul className="color-mine__list">
            {open.map((b) => (
              <li key={b._id}>
                <strong>{labelOf(b.selection)}</strong> · {formatRupees(b.amount)}
              </li>
            ))}
          </ul>
        </>
      ) : onBreak ? null : (
        <p className="color-mine__none">{t('No bet on this period yet: pick a colour, a number or big/small below.')}</p>
      )}
    </section>
  );
}
