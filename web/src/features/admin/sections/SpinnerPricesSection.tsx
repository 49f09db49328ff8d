import { useState, type FormEvent } from 'react';
import { LOSE, prizeListSchema, prizeSchema, type PrizeSet } from '../../../../../contracts/spinner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Field } from '../../../components/ui/Field';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { prizeLabel } from '../../../lib/prize';
import { notify } from '../../../lib/toast';
import { useChangePrizes, usePrizeSets } from '../spinnerPrizes.api';
import { SectionHead } from './SectionHead';

/** "10, 20, LOSE" → the prizes, or the first rule they break (the server checks them again). */
function readPrizes(text: string): { prizes: string[] } | { error: string } {
  if (!text.trim()) return { error: 'Enter the prizes, separated by commas' };
  const parsed = prizeListSchema.safeParse(text.split(',').map((p) => p.trim()));
  return parsed.success ? { prizes: parsed.data } : { error: parsed.error.issues[0]?.message ?? 'Check the prizes' };
}

/** The wheel's prizes: the add form while there is no set, otherwise the set with its edits. */
export function SpinnerPricesSection() {
  const sets = usePrizeSets();
  const change = useChangePrizes();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string>();
  const [confirmDelete, setConfirmDelete] = useState<PrizeSet | null>(null);

  const done = (message: string, after?: () => void) => ({
    onSuccess: () => {
      after?.();
      notify.success(message);
    },
    onError: (err: unknown) => notify.error(errorMessage(err, 'The prizes could not be saved')),
  });

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    const read = readPrizes(text);
    if ('error' in read) return setError(read.error);
    setError(undefined);
    change.mutate(
      { kind: 'create', prizes: read.prizes },
      done('Prizes saved', () => setText('')),
    );
  };

  const onAdd = (set: PrizeSet) => (e: FormEvent) => {
    e.preventDefault();
    const parsed = prizeSchema.safeParse(adding);
    if (!parsed.success) return setAddError(adding.trim() ? parsed.error.issues[0]?.message : 'Enter a prize');
    setAddError(undefined);
    change.mutate(
      { kind: 'add', id: set._id, prize: parsed.data },
      done('Prize added', () => setAdding('')),
    );
  };

  let body;
  if (sets.isPending) body = <Loading />;
  else if (sets.isError) body = <ErrorText>{errorMessage(sets.error, 'Failed to load the prizes')}</ErrorText>;
  else if (!sets.data.length)
    body = (
      <form className="admin-amount-form" onSubmit={onCreate} noValidate>
        <Field
          label="Prizes"
          placeholder="10, 20, LOSE, 50"
          hint="Amounts in rupees or LOSE, separated by commas"
          value={text}
          error={error}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" busy={change.isPending}>
          {change.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    );
  else {
    const set = sets.data[0];
    body = (
      <div className="admin-prizes">
        <ul className="admin-prizes__list" aria-label="Prizes on the wheel">
          {set.prizes.map((prize, i) => (
            <li key={`${prize}-${i}`} className="admin-prizes__chip">
              <span>{prizeLabel(prize, LOSE)}</span>
              <button
                type="button"
                className="admin-prizes__remove"
                aria-label={`Remove ${prizeLabel(prize, LOSE)}`}
                disabled={change.isPending || set.prizes.length <= 2}
                onClick={() => change.mutate({ kind: 'remove', id: set._id, prize }, done('Prize removed'))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <form className="admin-amount-form" onSubmit={onAdd(set)} noValidate>
          <Field label="Add a prize" placeholder="100 or LOSE" value={adding} error={addError} onChange={(e) => setAdding(e.target.value)} />
          <Button type="submit" busy={change.isPending}>
            Add
          </Button>
        </form>
        <Button variant="danger" onClick={() => setConfirmDelete(set)}>
          Delete
        </Button>
      </div>
    );
  }

  return (
    <section className="admin-section">
      <SectionHead title="Spinner Prices" />
      <div className="card admin-panel">{body}</div>
      <ConfirmDialog
        open={confirmDelete !== null}
        title="Delete the prizes?"
        tone="danger"
        confirmLabel="Delete"
        busy={change.isPending}
        onCancel={() => setConfirmDelete(null)}
        onConfirm={() =>
          confirmDelete &&
          change.mutate(
            { kind: 'delete', id: confirmDelete._id },
            done('Deleted successfully', () => setConfirmDelete(null)),
          )
        }
      >
        Players cannot spin until a new set of prizes is saved.
      </ConfirmDialog>
    </section>
  );
}
