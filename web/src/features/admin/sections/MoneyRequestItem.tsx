import { Button } from '../../../components/ui/Button';
import { copyText } from '../../../lib/clipboard';
import { notify } from '../../../lib/toast';
import { useSession } from '../../../lib/useSession';
import type { Decision, MoneyRequest } from '../admin.api';
import { formatDateTime } from '../../../lib/format';
import { formatAmount, humanizeKey } from '../admin.format';

const show = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
const isBlank = (v: unknown) => v === null || v === undefined || v === '';

interface MoneyRequestItemProps {
  item: MoneyRequest;
  busy: boolean;
  /** False for requests decided elsewhere: they can only be rejected here. */
  canApprove: boolean;
  onDecide: (status: Decision) => void;
}

export function MoneyRequestItem({ item, busy, canApprove, onDecide }: MoneyRequestItemProps) {
  const { user } = useSession();
  const risks = 'risks' in item ? item.risks : [];
  const firstApproval = 'firstApprovedBy' in item ? item.firstApprovedBy : null;
  const twoApprovals = 'needsSecondApproval' in item && item.needsSecondApproval;
  const approvedFirstByMe = Boolean(firstApproval && firstApproval._id === user?._id);
  const who = [item.fullName, item.email].filter(Boolean).join(' · ');
  const payNumber = (item.details as { payNumber?: unknown } | null | undefined)?.payNumber;
  // The id the player submitted is on the card itself, so it is not repeated under Details.
  const utr = typeof payNumber === 'string' && payNumber.trim() !== '' ? payNumber.trim() : null;
  // A UPI request's deposit reference, which the payment's remark carries: on the card too.
  const reference = 'reference' in item && item.reference ? item.reference : null;
  const details = Object.entries({ userId: item.userId, ...(item.details ?? {}), remarks: item.remarks }).filter(
    ([k, v]) => !isBlank(v) && !(utr && k === 'payNumber') && !(reference && k === 'reference'),
  );
  return (
    <li className="admin-card">
      <div className="admin-card__row">
        <strong className={item.status === 'approved' ? 'admin-amount admin-amount--approved' : 'admin-amount'}>{formatAmount(item.amount)}</strong>
        <span className={`badge badge--${item.status}`}>{item.status}</span>
      </div>
      <div className="admin-card__row admin-card__meta">
        <span className="admin-card__method">{item.method}</span>
        {item.createdAt && <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>}
      </div>
      {who && <div className="admin-card__who">{who}</div>}
      {utr && (
        <div className="admin-card__utr">
          <span className="admin-card__utr-label" id={`utr-${item._id}`}>
            Transaction id / UTR
          </span>
          <code className="admin-card__utr-value" aria-labelledby={`utr-${item._id}`}>
            {utr}
          </code>
          <Button
            variant="secondary"
            className="admin-card__copy"
            aria-label={`Copy transaction id ${utr}`}
            onClick={() =>
              void copyText(utr).then(
                () => notify.success('Transaction id copied'),
                () => notify.error('Could not copy: select the id and copy it by hand'),
              )
            }
          >
            Copy
          </Button>
        </div>
      )}
      {reference && (
        <div className="admin-card__utr">
          <span className="admin-card__utr-label" id={`ref-${item._id}`}>
            Reference
          </span>
          <code className="admin-card__utr-value" aria-labelledby={`ref-${item._id}`}>
            {reference}
          </code>
        </div>
      )}
      {reference && !utr && (
        <p className="admin-card__note" role="note">
          UTR: not yet given. The player may give it later; the payment&apos;s remark carries the reference.
        </p>
      )}
      {'earlierClaims' in item && item.earlierClaims ? (
        <p className="admin-card__warning" role="note">
          This transaction id was also submitted {item.earlierClaims === 1 ? 'once' : `${item.earlierClaims} times`} before. Check the payment before approving.
        </p>
      ) : null}
      {item.status === 'pending' && twoApprovals && (
        <p className="admin-card__note" role="note">
          {firstApproval
            ? `Awaiting second approval: first approved by ${approvedFirstByMe ? 'you' : (firstApproval.fullName ?? 'another admin')}.`
            : 'Large sum for this player within 24 hours: two different admins must approve before it is paid.'}
        </p>
      )}
      {item.status === 'pending' && risks.length > 0 && (
        <div className="admin-card__warning" role="note">
          <strong>Check before paying:</strong>
          <ul className="admin-risks">
            {risks.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      <details className="admin-details">
        <summary>Details</summary>
        <dl className="admin-details__list">
          {details.map(([k, v]) => (
            <div key={k} className="admin-details__pair">
              <dt>{humanizeKey(k)}</dt>
              <dd>{show(v)}</dd>
            </div>
          ))}
        </dl>
      </details>
      {item.status === 'pending' && (
        <div className="admin-card__actions">
          {canApprove && approvedFirstByMe ? (
            <span className="admin-card__note">Waiting for another admin</span>
          ) : canApprove ? (
            <Button variant="success" busy={busy} onClick={() => onDecide('approved')}>
              {firstApproval ? 'Second approval' : 'Approve'}
            </Button>
          ) : (
            <span className="admin-card__note">Approve in the Telegram section</span>
          )}
          <Button variant="danger" busy={busy} onClick={() => onDecide('rejected')}>
            Reject
          </Button>
        </div>
      )}
    </li>
  );
}
