import { useEffect, useMemo, useRef, useState } from 'react';
import { formatRupees } from '../../../../../contracts/amounts';
import { RECONCILE_KINDS } from '../../../../../contracts/reconcile';
import { APPROVE_LINES_MAX } from '../../../../../contracts/reconcile.answers';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Empty, ErrorRetry, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useApproveLines, useImportResult, type ApproveResult, type ReconcileKind, type ReconcileResult } from '../reconcile.api';
import { ReconcileTable } from './ReconcileTable';
import { KIND_LABELS } from './reconcile.words';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 approved, 1 needs a second admin, 1 refused". */
function outcomeSummary(results: ApproveResult[]): string {
  const count = (o: ApproveResult['outcome']) => results.filter((r) => r.outcome === o).length;
  const parts = [
    count('approved') && `${count('approved')} approved`,
    count('awaiting-second') && `${count('awaiting-second')} ${count('awaiting-second') === 1 ? 'needs' : 'need'} a second admin`,
    count('refused') && `${count('refused')} refused`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : 'Nothing approved';
}

/** The summary chips: a count per kind, each a filter of the table (pressed again, it clears). */
function KindChips({
  counts,
  total,
  filter,
  onFilter,
}: {
  counts: ReconcileResult['counts'];
  total: number;
  filter: ReconcileKind | null;
  onFilter: (kind: ReconcileKind | null) => void;
}) {
  return (
    <div className="reconcile-chips" role="group" aria-label="Show rows of one kind">
      <button type="button" className="reconcile-chip" aria-pressed={filter === null} onClick={() => onFilter(null)}>
        All <span className="reconcile-chip__count">{total}</span>
      </button>
      {RECONCILE_KINDS.map((kind) => {
        const n = counts[kind] ?? 0;
        return (
          <button
            key={kind}
            type="button"
            className={`reconcile-chip reconcile-chip--${kind}`}
            aria-pressed={filter === kind}
            disabled={n === 0 && filter !== kind}
            onClick={() => onFilter(filter === kind ? null : kind)}
          >
            {KIND_LABELS[kind]} <span className="reconcile-chip__count">{n}</span>
          </button>
        );
      })}
    </div>
  );
}

/**
 * One import's table as it is now: the summary (with deposits approved on import), the chips, the
 * rows, and one action approving the chosen exact matches, each through the usual deposit approval.
 */
export function ReconcileResultView({ importId, autoApproved }: { importId: string; autoApproved: number }) {
  const result = useImportResult(importId);
  const approve = useApproveLines(importId);
  const [filter, setFilter] = useState<ReconcileKind | null>(null);
  // Matched lines start chosen; the admin unticks the ones to leave.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, ApproveResult>>(new Map());
  const [asking, setAsking] = useState(false);

  const data = result.data;
  // Once the table is there, the reader is taken to it: it is what the import or the click was for.
  const heading = useRef<HTMLHeadingElement>(null);
  const arrived = Boolean(data);
  useEffect(() => {
    if (!arrived || !heading.current) return;
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView?.({ block: 'start' });
  }, [arrived]);
  const approvable = useMemo(() => (data?.rows ?? []).filter((r) => r.approvable && r.line).map((r) => r.line!), [data]);
  const chosenLines = approvable.filter((l) => !unticked.has(l._id));
  const chosen = new Set(chosenLines.map((l) => l._id));
  const total = chosenLines.reduce((sum, l) => sum + l.credit, 0);
  const tooMany = chosenLines.length > APPROVE_LINES_MAX;

  if (result.isPending) return <Loading text="Matching the statement with deposits…" />;
  // A failed refresh keeps the table it had.
  if (!data)
    return (
      <ErrorRetry onRetry={() => void result.refetch()} busy={result.isFetching}>
        {errorMessage(result.error, 'The statement could not be loaded.')}
      </ErrorRetry>
    );

  const imp = data.import;
  const rows = filter ? data.rows.filter((r) => r.kind === filter) : data.rows;
  const toggle = (lineId: string, on: boolean) =>
    setUnticked((old) => {
      const next = new Set(old);
      if (on) next.delete(lineId);
      else next.add(lineId);
      return next;
    });

  const confirm = () =>
    approve.mutate(
      chosenLines.map((l) => l._id),
      {
        onSuccess: ({ results }) => {
          setOutcomes(new Map(results.map((r) => [r.lineId, r])));
          const words = outcomeSummary(results);
          if (results.some((r) => r.outcome === 'approved')) notify.success(words);
          else if (results.some((r) => r.outcome === 'awaiting-second')) notify.info(words);
          else notify.error(words);
        },
        onError: (err) => notify.error(errorMessage(err, 'The deposits could not be approved. Please try again.')),
        onSettled: () => setAsking(false),
      },
    );

  return (
    <div className="card admin-panel reconcile-result" aria-busy={result.isFetching || approve.isPending || undefined}>
      <header className="reconcile-result__head">
        <h2 ref={heading} tabIndex={-1} className="admin-panel__title reconcile-result__title">
          {imp.fileName}
        </h2>
        <p className="admin-muted">
          {imp.accountName}
          {imp.firstDate && ` · ${imp.firstDate === imp.lastDate ? imp.firstDate : `${imp.firstDate} to ${imp.lastDate}`}`}
          {` · ${plural(imp.creditLines, 'credit line', 'credit lines')} (${imp.newLines} new)`}
          {` · imported ${formatDateTime(imp.createdAt)}${imp.importedBy ? ` by ${imp.importedBy}` : ''}`}
        </p>
      </header>
      {autoApproved > 0 && (
        <p className="reconcile-auto" role="status">
          {plural(autoApproved, 'deposit was', 'deposits were')} approved on import: the UTR and amount agreed exactly.
        </p>
      )}
      {imp.creditLines === 0 && <p className="reconcile-note">This statement has no credits: nothing in it can pay a deposit.</p>}
      {data.rows.length === 0 ? (
        <Empty>No credits to match, and no deposit is waiting for one.</Empty>
      ) : (
        <>
          <KindChips counts={data.counts} total={data.rows.length} filter={filter} onFilter={setFilter} />
          {approvable.length ? (
            <div className="reconcile-approve">
              <Button variant="success" disabled={!chosenLines.length || tooMany || approve.isPending} onClick={() => setAsking(true)}>
                {`Approve ${chosenLines.length} matched`}
              </Button>
              <span className="admin-muted">
                {tooMany
                  ? `Approve at most ${APPROVE_LINES_MAX} at once: untick some.`
                  : `${formatRupees(total)} in all. Each goes through the usual deposit approval: daily limits and the two-admin rule apply.`}
              </span>
            </div>
          ) : (
            <p className="reconcile-note">No line matches a pending deposit exactly: nothing to approve here.</p>
          )}
          {rows.length ? (
            <ReconcileTable
              rows={rows}
              caption={filter ? `${KIND_LABELS[filter]}: ${plural(rows.length, 'row', 'rows')}` : 'Statement credits and the deposits that claim them'}
              chosen={chosen}
              outcomes={outcomes}
              onToggle={toggle}
              now={result.dataUpdatedAt}
            />
          ) : (
            <Empty>No rows of this kind now.</Empty>
          )}
        </>
      )}
      <ConfirmDialog
        open={asking}
        title="Approve matched deposits"
        confirmLabel={`Approve ${chosenLines.length}`}
        tone="success"
        busy={approve.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        <p className="admin-confirm__text">
          {`Approve ${plural(chosenLines.length, 'matched deposit', 'matched deposits')}, ${formatRupees(total)} in all? Each player's wallet is credited with their deposit.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}
