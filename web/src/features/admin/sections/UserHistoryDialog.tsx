import { useState } from 'react';
import { HISTORY_TYPE_LABELS } from '../../../../../contracts/wallet';
import { Modal } from '../../../components/ui/Modal';
import { Pager } from '../../../components/ui/Pager';
import { Empty, ErrorText, Loading } from '../../../components/ui/States';
import { formatDateTime } from '../../../lib/format';
import { formatRupees } from '../../../../../contracts/amounts';
import { useUserBalance, useUserBets, useUserHistory, type ManagedUser } from '../backoffice.api';

/** A user's History view: their ledger balance, wallet history a page at a time, and their latest rounds. */
export function UserHistoryDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const balance = useUserBalance(user._id);
  const history = useUserHistory(user._id, page);
  const bets = useUserBets(user._id);
  return (
    <Modal open title={`History of ${user.fullName}`} onClose={onClose}>
      <div className="admin-history">
        <p className="admin-history__balance">
          Balance (ledger): <strong>{balance.isPending ? '…' : balance.isError ? 'unavailable' : formatRupees(balance.data)}</strong>
        </p>
        <h3 className="admin-history__title">Transactions</h3>
        {history.isPending ? (
          <Loading />
        ) : history.isError ? (
          <ErrorText>Failed to fetch transactions</ErrorText>
        ) : !history.data.transactions.length ? (
          <Empty>No transactions found.</Empty>
        ) : (
          <>
            <ul className="admin-history__list">
              {history.data.transactions.map((t) => (
                <li key={t._id}>
                  <span>
                    {HISTORY_TYPE_LABELS[t.type] ?? t.type} · {t.method} <span className={`badge badge--${t.status}`}>{t.status}</span>
                    <time className="admin-history__when" dateTime={t.createdAt}>
                      {formatDateTime(t.createdAt)}
                    </time>
                  </span>
                  <strong>{`${t.direction === 'debit' ? '−' : ''}${formatRupees(t.amount)}`}</strong>
                </li>
              ))}
            </ul>
            <Pager page={page} totalPages={history.data.totalPages} onChange={setPage} busy={history.isFetching} />
          </>
        )}
        <h3 className="admin-history__title">Latest rounds</h3>
        {bets.isPending ? (
          <Loading />
        ) : bets.isError ? (
          <ErrorText>Failed to fetch data</ErrorText>
        ) : !bets.data.length ? (
          <Empty>No rounds played.</Empty>
        ) : (
          <ul className="admin-history__list">
            {bets.data.slice(0, 10).map((b) => (
              <li key={b._id}>
                <span>
                  Chicken Road · bet {formatRupees(b.betAmount)}
                  <time className="admin-history__when" dateTime={b.createdAt}>
                    {formatDateTime(b.createdAt)}
                  </time>
                </span>
                <strong>{formatRupees(b.payoutAmount)}</strong>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
