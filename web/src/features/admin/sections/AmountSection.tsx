import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { useAmountSetting, useDeleteAmount, useSaveAmount, type AmountSetting } from '../admin.api';
import { formatAmount } from '../admin.format';
import { SectionHead } from './SectionHead';
import { isAmountText } from '../../../../../contracts/amounts';

/** A single amount setting: the add form while none exists, otherwise the entry with Delete. */
export function AmountSection({ setting, title, level }: { setting: AmountSetting; title: string; level?: 1 | 2 }) {
  const list = useAmountSetting(setting);
  const save = useSaveAmount(setting);
  const remove = useDeleteAmount(setting);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const value = amount.trim();
    if (!value) return setError('Enter an amount');
    if (!isAmountText(value)) return setError('Enter a number above 0, with at most two decimals');
    setError(undefined);
    save.mutate(value, {
      onSuccess: () => {
        setAmount('');
        notify.success('Amount saved');
      },
      onError: (err) => notify.error(errorMessage(err, 'Failed to save the amount')),
    });
  };

  let body;
  if (list.isPending) body = <Loading />;
  else if (list.isError) body = <ErrorText>{errorMessage(list.error, 'Failed to load the amount')}</ErrorText>;
  else if (!list.data.length)
    body = (
      <form className="admin-amount-form" onSubmit={onSubmit} noValidate>
        <Field label="Amount (₹)" inputMode="decimal" placeholder="Enter amount" value={amount} error={error} onChange={(e) => setAmount(e.target.value)} />
        <Button type="submit" busy={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </form>
    );
  else
    body = (
      <ul className="admin-amounts">
        {list.data.map((entry) => (
          <li key={entry._id} className="admin-amounts__item">
            <strong className="admin-amount">{formatAmount(entry.amount)}</strong>
            <Button
              variant="danger"
              busy={remove.isPending && remove.variables === entry._id}
              onClick={() =>
                remove.mutate(entry._id, {
                  onSuccess: () => notify.success('Deleted successfully'),
                  onError: (err) => notify.error(errorMessage(err, 'Failed to delete')),
                })
              }
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="admin-section">
      <SectionHead title={title} level={level} />
      <div className="card admin-panel">{body}</div>
    </section>
  );
}
