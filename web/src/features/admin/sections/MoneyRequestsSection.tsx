import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Pager } from '../../../components/ui/Pager';
import { SegmentedControl } from '../../../components/ui/SegmentedControl';
import { Empty, ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useDecideRequest, useMoneyRequests, type Decision, type MoneyRequest, type RequestKind } from '../admin.api';
import { formatAmount } from '../admin.format';
import { MoneyRequestItem } from './MoneyRequestItem';
import { SectionHead } from './SectionHead';

type Filter = 'upi' | 'crypto';
const FILTERS = [
  { value: 'upi', label: 'UPI' },
  { value: 'crypto', label: 'Crypto' },
] as const;

const confirmText = (kind: RequestKind, status: Decision, amount: string) => {
  if (kind === 'deposit')
    return status === 'approved'
      ? `Credit ${amount} to the player's wallet? Check that the payment has arrived first.`
      : `Reject this deposit of ${amount}? Nothing is credited.`;
  return status === 'approved'
    ? `Mark the withdrawal of ${amount} as paid? Send the money to the player's account first.`
    : `Reject this withdrawal of ${amount}? The amount goes back to the player's wallet.`;
};

/**
 * Deposits or withdrawals with the UPI / Crypto filter (clicking the active one clears it) and
 * Approve / Reject on pending items, each confirmed first.
 */
export function MoneyRequestsSection({ kind, title, method, note }: { kind: RequestKind; title: string; method?: 'telegram'; note?: string }) {
  const [chosen, setFilter] = useState<Filter | null>(null);
  const filter = method ?? chosen;
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState<{ item: MoneyRequest; status: Decision } | null>(null);
  const requests = useMoneyRequests(kind, page, filter);
  const decide = useDecideRequest(kind);
  const items = requests.data?.items ?? [];
  const totalPages = requests.data?.totalPages ?? 1;
  if (page > totalPages) setPage(totalPages);

  const confirm = () => {
    if (!asking) return;
    decide.mutate(asking, {
      onSuccess: (answer) => notify.success(answer?.message || 'Status updated successfully'),
      onError: (err) => notify.error(errorMessage(err, 'Failed to update status')),
      onSettled: () => setAsking(null),
    });
  };

  return (
    <section className="admin-section">
      <SectionHead title={title}>
        {!method && (
          <SegmentedControl
            label="Filter by method"
            options={FILTERS}
            value={chosen}
            onChange={(f) => {
              setFilter(f);
              setPage(1);
            }}
            allowDeselect
            className="admin-filter"
          />
        )}
      </SectionHead>
      {note && <p className="admin-muted">{note}</p>}
      {requests.isPending ? (
        <Loading />
      ) : requests.isError ? (
        <ErrorText>{errorMessage(requests.error, 'Failed to fetch transactions')}</ErrorText>
      ) : !items.length ? (
        <Empty>No transactions found.</Empty>
      ) : (
        <>
          <ul className="admin-cards" aria-busy={requests.isFetching || undefined}>
            {items.map((item) => (
              <MoneyRequestItem
                key={item._id}
                item={item}
                // Telegram subscriptions are approved in the Telegram section, where a channel is chosen.
                canApprove={!(kind === 'deposit' && item.method.toLowerCase() === 'telegram')}
                busy={decide.isPending && decide.variables?.item._id === item._id}
                onDecide={(status) => setAsking({ item, status })}
              />
            ))}
          </ul>
          {totalPages > 1 && <Pager page={page} totalPages={totalPages} onChange={setPage} busy={requests.isFetching} />}
        </>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking?.status === 'approved' ? 'Approve request' : 'Reject request'}
        confirmLabel={asking?.status === 'approved' ? 'Approve' : 'Reject'}
        tone={asking?.status === 'approved' ? 'success' : 'danger'}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p className="admin-confirm__text">{asking && confirmText(kind, asking.status, formatAmount(asking.item.amount))}</p>
      </ConfirmDialog>
    </section>
  );
}
