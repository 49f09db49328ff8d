import { formatRupees } from '../../../../../contracts/amounts';
import { DEPOSIT_REFERENCE_IN_TEXT } from '../../../../../contracts/upi';
import { formatDateTime } from '../../../lib/format';
import type { ApproveResult, ClaimView, ReconcileRow } from '../reconcile.api';
import { KIND_LABELS, STATUS_LABELS, kindExplanation } from './reconcile.words';

/** The UTR and any deposit reference inside a narration, to be marked. */
function marks(text: string, utr: string | null): RegExp | null {
  const parts = [...(utr ? [utr.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')] : []), DEPOSIT_REFERENCE_IN_TEXT.source];
  return text ? new RegExp(`(${parts.join('|')})`, 'gi') : null;
}

/** The narration with its UTR (and deposit references) in monospace and marked, so the eye finds what was matched. */
function Narration({ text, utr }: { text: string; utr: string | null }) {
  const pattern = marks(text, utr);
  const pieces = pattern ? text.split(pattern) : [text];
  return (
    <>
      <span className="reconcile-narration">
        {pieces.map((piece, i) =>
          // split() with one capturing group puts the matches at the odd places.
          i % 2 === 1 ? (
            <mark key={i} className="reconcile-utr">
              {piece}
            </mark>
          ) : (
            piece
          ),
        )}
      </span>
      {utr && !text.includes(utr) && (
        <span className="reconcile-utr-line">
          UTR <mark className="reconcile-utr">{utr}</mark>
        </span>
      )}
    </>
  );
}

/** One deposit as a statement line is weighed against it. */
function Claim({ claim }: { claim: ClaimView }) {
  return (
    <li className="reconcile-claim">
      <span className="reconcile-claim__head">
        <strong>{claim.playerName ?? 'Unnamed player'}</strong> · {formatRupees(claim.amount)}
      </span>
      <span className="reconcile-claim__meta">
        {claim.utr ? (
          <>
            UTR <code>{claim.utr}</code>
          </>
        ) : (
          'No UTR given'
        )}
        {claim.reference && (
          <>
            {' · Ref '}
            <code>{claim.reference}</code>
          </>
        )}
      </span>
      <span className="reconcile-claim__meta">
        <span className={`reconcile-status reconcile-status--${claim.status}`}>{STATUS_LABELS[claim.status]}</span>
        {claim.awaitingSecondApproval && <span className="reconcile-status reconcile-status--second">Needs a second admin</span>}
        <time dateTime={claim.createdAt}>{formatDateTime(claim.createdAt)}</time>
      </span>
    </li>
  );
}

const OUTCOME_TEXT: Record<ApproveResult['outcome'], string> = {
  approved: 'Approved',
  'awaiting-second': 'First approval recorded: needs a second admin',
  refused: 'Refused',
};

function Outcome({ result }: { result: ApproveResult }) {
  const text = OUTCOME_TEXT[result.outcome];
  return (
    <p className={`reconcile-outcome reconcile-outcome--${result.outcome}`} role="status">
      <span aria-hidden="true">{result.outcome === 'approved' ? '✓ ' : result.outcome === 'refused' ? '✕ ' : '… '}</span>
      {result.outcome === 'refused' && result.message ? `${text}: ${result.message}` : text}
    </p>
  );
}

/**
 * The matching table: one row per credit line (or per deposit no line paid), its kind as a badge
 * with words, the deposits that claim it, and hints. Exact matches have a checkbox.
 */
export function ReconcileTable({
  rows,
  caption,
  chosen,
  outcomes,
  onToggle,
  now,
}: {
  rows: ReconcileRow[];
  caption: string;
  chosen: ReadonlySet<string>;
  outcomes: ReadonlyMap<string, ApproveResult>;
  onToggle: (lineId: string, on: boolean) => void;
  /** When the table was worked out: how long a deposit has waited is counted to then. */
  now: number;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--stack reconcile-table">
        <caption className="admin-table__caption">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Approve</span>
            </th>
            <th scope="col">Date</th>
            <th scope="col">Narration</th>
            <th scope="col" className="reconcile-table__num">
              Credit
            </th>
            <th scope="col">Result</th>
            <th scope="col">Deposits</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const line = row.line;
            const key = line?._id ?? `deposit-${row.deposits[0]?._id ?? i}`;
            const outcome = line ? outcomes.get(line._id) : undefined;
            return (
              <tr key={key} className={`reconcile-row reconcile-row--${row.kind}`}>
                <td data-label="Approve" className="reconcile-table__pick">
                  {line && row.approvable ? (
                    <input
                      type="checkbox"
                      className="reconcile-check"
                      checked={chosen.has(line._id)}
                      onChange={(e) => onToggle(line._id, e.target.checked)}
                      aria-label={`Approve line ${line.row}, ${formatRupees(line.credit)}`}
                    />
                  ) : null}
                </td>
                <td data-label="Date" className="reconcile-table__date">
                  {line ? line.date : '—'}
                </td>
                <td data-label="Narration" className="admin-cell--wrap reconcile-table__narration">
                  {line ? (
                    <div>
                      <Narration text={line.narration} utr={line.utr} />
                      {line.reference && (
                        <span className="reconcile-utr-line">
                          Ref <code>{line.reference}</code>
                        </span>
                      )}
                    </div>
                  ) : (
                    <span className="admin-muted">No statement line</span>
                  )}
                </td>
                <td data-label="Credit" className="reconcile-table__num">
                  {line ? formatRupees(line.credit) : '—'}
                </td>
                <td data-label="Result" className="admin-cell--wrap reconcile-table__kind">
                  <div>
                    <span className={`reconcile-badge reconcile-badge--${row.kind}`}>{KIND_LABELS[row.kind]}</span>
                    <span className="reconcile-explain">{kindExplanation(row, now)}</span>
                    {outcome && <Outcome result={outcome} />}
                  </div>
                </td>
                <td data-label="Deposits" className="admin-cell--wrap reconcile-table__claims">
                  <div>
                    {row.deposits.length ? (
                      <ul className="reconcile-claims">
                        {row.deposits.map((c) => (
                          <Claim key={c._id} claim={c} />
                        ))}
                      </ul>
                    ) : (
                      <span className="admin-muted">None</span>
                    )}
                    {row.suggestions.length > 0 && (
                      <p className="reconcile-hint">
                        Same amount, made shortly before:{' '}
                        {row.suggestions
                          .map(
                            (s) =>
                              `${s.playerName ?? 'Unnamed player'} (${formatRupees(s.amount)}, ${formatDateTime(s.createdAt)}${s.utr ? `, UTR ${s.utr}` : ''})`,
                          )
                          .join('; ')}
                        . Check before approving it in Deposite.
                      </p>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
