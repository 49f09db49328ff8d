import { useState } from 'react';
import { formatRupees } from '../../../../contracts/amounts';
import { Pager } from '../../components/ui/Pager';
import { Empty, ErrorRetry, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { paidResult } from '../../lib/betResult';
import { formatDateTime } from '../../lib/format';
import { t } from '../../lib/i18n';
import { useColorBets } from './color.api';
import { Ball, labelOf } from './components/Ball';
import './color.css';

/** The player's colour bets, newest first, with each period's number once drawn (here and in All Bets). */
export function ColorBets() {
  const [page, setPage] = useState(1);
  const list = useColorBets(page);
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
