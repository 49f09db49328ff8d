import { useState } from 'react';
import { HISTORY_TYPE_LABELS } from '../../../../../contracts/wallet';
import { Pager } from '../../../components/ui/Pager';
import { Empty, ErrorText, Loading } from '../../../components/ui/States';
import { useAllHistory } from '../admin.api';
import { formatAmount, formatDay } from '../admin.format';
import { SectionHead } from './SectionHead';

/** Every player's wallet history as cards, a server page at a time. */
export function TransactionSection() {
  const [page, setPage] = useState(1);
  const history = useAllHistory(page);
  const data = history.data;
  return (
    <section className="admin-section">
      <SectionHead title="Transaction" />
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <ErrorText>Failed to fetch transaction history.</ErrorText>
      ) : !data?.transactions.length ? (
        <Empty>No transactions found.</Empty>
      ) : (
        <>
          <ul className="admin-cards" aria-busy={history.isFetching || undefined}>
            {data.transactions.map((t) => (
              <li key={t._id ?? t.id} className="admin-card">
                <div className="admin-card__row">
                  <time className="admin-card__date" dateTime={t.createdAt}>
                    {formatDay(t.createdAt)}
                  </time>
                  <span className={`badge badge--${t.status}`}>{t.status}</span>
                </div>
                <div className="admin-card__row">
                  <span className="admin-card__type">{HISTORY_TYPE_LABELS[t.type] ?? t.type}</span>
                  {/* Money out carries a minus and is never green, so it does not read as income. */}
                  <strong className={t.direction !== 'debit' && t.status === 'approved' ? 'admin-amount admin-amount--approved' : 'admin-amount'}>
                    {`${t.direction === 'debit' ? '−' : ''}${formatAmount(t.amount)}`}
                  </strong>
                </div>
                <div className="admin-card__row admin-card__meta">
                  <span className="admin-card__method">{t.method}</span>
                  {(t.fullName || t.email) && <span className="admin-card__who">{t.fullName || t.email}</span>}
                </div>
              </li>
            ))}
          </ul>
          <Pager page={page} totalPages={data.totalPages} onChange={setPage} busy={history.isFetching} />
        </>
      )}
    </section>
  );
}
