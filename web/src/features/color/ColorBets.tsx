import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Pager } from '../../components/ui/Pager';
import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/useSession';
import { formatRupees } from '../../../../contracts/amounts';
import { Ball, labelOf } from './Ball';
import { colorApi, colorKeys } from './color.api';
import './color.css';
import { paidResult } from '../../lib/betResult';
import { useExclusion } from '../../lib/useExclusion';
import { t } from '../../lib/i18n';

/** The player's colour bets, newest first, with each period's number once drawn. */
export function ColorBets() {
  const { signedIn } = useSession();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: colorKeys.bets(page), queryFn: () => colorApi.bets(page), enabled: signedIn });
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorRetry onRetry={() => void list.refetch()}>{errorMessage(list.error, t('Could not load your bets.'))}</ErrorRetry>;
  if (list.data.bets.length === 0) return <Empty>{t('No bets yet.')}</Empty>;
  return (
    <>
      <ul className="color-bets">
        {list.data.bets.map((b) => (
          <li key={b._id} className="color-bets__item">
            <div>
              <strong>{labelOf(b.selection)}</strong> · {formatRupees(b.amount)}
              <p className="color-bets__meta">
                {t('Period {{period}}', { period: b.period })} · {formatDateTime(b.createdAt)}
              </p>
            </div>
            <div className={`color-bets__result color-bets__result--${b.status}`}>
              {b.status === 'open' ? t('Waiting') : b.status === 'won' ? paidResult(b.amount, b.payout).text : t('Lost')}
              {b.number !== null && <Ball n={b.number} size="sm" />}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={list.data.totalPages} onChange={setPage} busy={list.isFetching} />
    </>
  );
}

/**
 * On the board: the player's bets on the running period, and the outcome of their bets on the
 * period that has just ended (paid ₹x (+₹y) / lost), read out to screen readers as it arrives. A period
 * whose result is in but whose bets the server has not settled yet is asked for again shortly.
 */
export function PeriodBets({ period, lastPeriod }: { period: string; lastPeriod: string | null }) {
  const { signedIn } = useSession();
  const onBreak = useExclusion() !== null;
  const list = useQuery({
    queryKey: colorKeys.bets(1),
    queryFn: () => colorApi.bets(1),
    enabled: signedIn,
    refetchInterval: (q) => (q.state.data?.bets.some((b) => b.period === lastPeriod && b.status === 'open') ? 2000 : false),
  });
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
