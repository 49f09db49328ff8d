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

/** The player's colour bets, newest first, with each period's number once drawn. */
export function ColorBets() {
  const { signedIn } = useSession();
  const [page, setPage] = useState(1);
  const list = useQuery({ queryKey: colorKeys.bets(page), queryFn: () => colorApi.bets(page), enabled: signedIn });
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorRetry onRetry={() => void list.refetch()}>{errorMessage(list.error, 'Could not load your bets.')}</ErrorRetry>;
  if (list.data.bets.length === 0) return <Empty>No bets yet.</Empty>;
  return (
    <>
      <ul className="color-bets">
        {list.data.bets.map((b) => (
          <li key={b._id} className="color-bets__item">
            <div>
              <strong>{labelOf(b.selection)}</strong> · {formatRupees(b.amount)}
              <p className="color-bets__meta">
                Period {b.period} · {formatDateTime(b.createdAt)}
              </p>
            </div>
            <div className={`color-bets__result color-bets__result--${b.status}`}>
              {b.status === 'open' ? 'Waiting' : b.status === 'won' ? `Won ${formatRupees(b.payout)}` : 'Lost'}
              {b.number !== null && <Ball n={b.number} size="sm" />}
            </div>
          </li>
        ))}
      </ul>
      <Pager page={page} totalPages={list.data.totalPages} onChange={setPage} busy={list.isFetching} />
    </>
  );
}
