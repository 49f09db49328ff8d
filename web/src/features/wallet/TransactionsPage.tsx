import { useState } from 'react';
import { HISTORY_TYPE_LABELS } from '../../../../contracts/wallet';
import { Page } from '../../components/ui/Page';
import { Pager } from '../../components/ui/Pager';
import { Empty, ErrorText, Loading } from '../../components/ui/States';
import { formatDateTime } from '../../lib/format';
import { formatRupees } from '../../../../contracts/amounts';
import { useWalletHistory, type WalletTransaction } from './wallet.api';
import './wallet.css';
import { t } from '../../lib/i18n';

/**
 * The amount as the original app colours it (green when approved, neutral otherwise), except that money going
 * out never looks like income: a debit carries a minus sign and stays neutral even when approved.
 */
function Amount({ t: entry }: { t: WalletTransaction }) {
  const debit = entry.direction === 'debit';
  const tone = !debit && entry.status === 'approved' ? 'wallet-amount--approved' : 'wallet-amount--neutral';
  return <span className={`wallet-table__amount ${tone}`}>{`${debit ? '−' : ''}${formatRupees(Number(entry.amount))}`}</span>;
}

/** A method as the player reads it: the wallet's own entries (bets, wins, prizes) by their Hindi name, payment methods as they are. */
const methodName = (method: string) => (method === 'Wallet' || method === 'Crypto' ? t(method) : method);
/** A row's type as a noun: a deposit row reads "जमा", where the Deposit button says "जमा करें". */
const typeName = (type: string) => (type === 'deposit' ? t('Deposit', { context: 'type' }) : HISTORY_TYPE_LABELS[type] ? t(HISTORY_TYPE_LABELS[type]) : type);

/**
 * The player's deposits, withdrawals and other wallet entries. The columns say what they hold
 * (the spec's "Change" and "Balance" held the method and the amount).
 */
export default function TransactionsPage() {
  const [page, setPage] = useState(1);
  const history = useWalletHistory(page);
  const data = history.data;
  const totalPages = data?.totalPages ?? 0;
  // The list can shrink while a later page is shown; step back to the last page that exists.
  if (totalPages > 0 && page > totalPages) setPage(totalPages);

  let body;
  if (history.isPending) body = <Loading />;
  else if (history.isError) body = <ErrorText>{t('Failed to fetch transaction history.')}</ErrorText>;
  else if (!data?.transactions.length) body = <Empty>{t('No transactions found.')}</Empty>;
  else
    body = (
      <div className="wallet-table__wrap">
        <table className="wallet-table" aria-busy={history.isFetching || undefined}>
          <thead>
            <tr>
              <th scope="col">{t('Type')}</th>
              <th scope="col" className="wallet-table__method">
                {t('Method')}
              </th>
              <th scope="col" className="wallet-table__num">
                {t('Amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.transactions.map((tx) => (
              <tr key={tx._id ?? tx.id}>
                <td className="wallet-table__type">
                  {typeName(tx.type)}
                  <time className="wallet-table__date" dateTime={tx.createdAt}>
                    {formatDateTime(tx.createdAt)}
                  </time>
                  <span className="wallet-table__method-inline">{methodName(tx.method)}</span>
                </td>
                <td className="wallet-table__method">{methodName(tx.method)}</td>
                <td className="wallet-table__num">
                  <Amount t={tx} />
                  <span className={`wallet-table__status wallet-table__status--${tx.status}`}>{t(tx.status)}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );

  return (
    <Page title={t('Transaction History')} narrow>
      <section className="card wallet-card wallet-card--flush">{body}</section>
      {data && data.totalPages > 0 && !history.isError && <Pager page={page} totalPages={data.totalPages} onChange={setPage} />}
    </Page>
  );
}
