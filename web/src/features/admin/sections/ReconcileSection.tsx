import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BANK_ACCOUNT_NAME_MAX, newBankAccountSchema } from '../../../../../contracts/reconcile.answers';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { Pager } from '../../../components/ui/Pager';
import { ErrorRetry, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useAddBankAccount, useBankAccounts, useImports, type BankAccount, type ReconcileResult, type StatementImport } from '../reconcile.api';
import { ReconcileResultView } from './ReconcileResultView';
import { SectionHead } from './SectionHead';
import { StatementUploadForm } from './StatementUploadForm';
import './reconcile.css';

type NewAccount = z.input<typeof newBankAccountSchema>;

/** A new bank account's name; the new account is chosen at once. */
function AddAccountForm({ onAdded, first }: { onAdded: (account: BankAccount) => void; first: boolean }) {
  const add = useAddBankAccount();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NewAccount, unknown, z.output<typeof newBankAccountSchema>>({ resolver: zodResolver(newBankAccountSchema), defaultValues: { name: '' } });
  const submit = handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (account) => {
        notify.success('Bank account added');
        reset();
        onAdded(account);
      },
      onError: (err) => notify.error(errorMessage(err, 'The bank account could not be added')),
    }),
  );
  return (
    <form className="reconcile-add" onSubmit={submit} noValidate>
      <Field
        label={first ? 'Bank account name' : 'Add another bank account'}
        placeholder="e.g. HDFC current 1234"
        maxLength={BANK_ACCOUNT_NAME_MAX}
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <Button type="submit" variant={first ? 'primary' : 'secondary'} busy={add.isPending}>
        Add account
      </Button>
    </form>
  );
}

/** The bank accounts: one to import into, chosen from a list, and a form to add one. */
function AccountPanel({ accountId, onChoose }: { accountId: string | null; onChoose: (id: string) => void }) {
  const selectId = useId();
  const accounts = useBankAccounts();
  let body;
  if (accounts.isPending) body = <Loading />;
  else if (accounts.isError)
    body = (
      <ErrorRetry onRetry={() => void accounts.refetch()} busy={accounts.isFetching}>
        {errorMessage(accounts.error, 'The bank accounts could not be loaded.')}
      </ErrorRetry>
    );
  else
    body = (
      <>
        {accounts.data.length ? (
          <div className="field">
            <label htmlFor={selectId} className="field__label">
              Bank account
            </label>
            <div className="field__box">
              <select id={selectId} className="field__input admin-select" value={accountId ?? ''} onChange={(e) => onChoose(e.target.value)}>
                {accounts.data.map((a) => (
                  <option key={a._id} value={a._id}>
                    {a.name}
                  </option>
                ))}
              </select>
            </div>
            <div className="field__hint">
              {accounts.data.find((a) => a._id === accountId)?.mapping
                ? 'Its statements’ columns are known from an earlier import.'
                : 'Its columns are read from the first statement imported.'}
            </div>
          </div>
        ) : (
          <p className="reconcile-note">No bank accounts yet. Add the account players pay into, then import its statements here.</p>
        )}
        <AddAccountForm first={!accounts.data.length} onAdded={(a) => onChoose(a._id)} />
      </>
    );
  return (
    <div className="card admin-panel" role="group" aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`} className="admin-panel__title">
        1. Bank account
      </h2>
      {body}
    </div>
  );
}

/** The statements imported so far, newest first; one opens its table. */
function ImportList({ openId, onOpen }: { openId: string | null; onOpen: (imp: StatementImport) => void }) {
  const [page, setPage] = useState(1);
  const imports = useImports(page);
  let body;
  if (imports.isPending) body = <Loading />;
  else if (imports.isError)
    body = (
      <ErrorRetry onRetry={() => void imports.refetch()} busy={imports.isFetching}>
        {errorMessage(imports.error, 'The imports could not be loaded.')}
      </ErrorRetry>
    );
  else if (!imports.data.imports.length) body = <p className="reconcile-note">No statements imported yet.</p>;
  else
    body = (
      <>
        <ul className="reconcile-imports" aria-busy={imports.isFetching || undefined}>
          {imports.data.imports.map((imp) => (
            <li key={imp._id}>
              <button type="button" className="reconcile-import" aria-current={imp._id === openId || undefined} onClick={() => onOpen(imp)}>
                <span className="reconcile-import__name">{imp.fileName}</span>
                <span className="reconcile-import__meta">
                  {imp.accountName} · {imp.creditLines} {imp.creditLines === 1 ? 'credit' : 'credits'} ({imp.newLines} new)
                </span>
                <span className="reconcile-import__meta">
                  {formatDateTime(imp.createdAt)}
                  {imp.importedBy ? ` · ${imp.importedBy}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {imports.data.totalPages > 1 && <Pager page={page} totalPages={imports.data.totalPages} onChange={setPage} busy={imports.isFetching} />}
      </>
    );
  return (
    <div className="card admin-panel" role="group" aria-labelledby="reconcile-imports-title">
      <h2 id="reconcile-imports-title" className="admin-panel__title">
        Recent imports
      </h2>
      {body}
    </div>
  );
}

/**
 * Bank statements: import an account's statement, see each credit matched (or not) with the
 * players' deposit claims by UTR and amount, and approve the exact matches in one action.
 */
export function ReconcileSection() {
  const accounts = useBankAccounts();
  const [chosenAccount, setChosenAccount] = useState<string | null>(null);
  const accountId = chosenAccount ?? accounts.data?.[0]?._id ?? null;
  const [open, setOpen] = useState<{ id: string; autoApproved: number } | null>(null);

  const onImported = (result: ReconcileResult) => setOpen({ id: result.import._id, autoApproved: result.autoApproved });

  return (
    <section className="admin-section reconcile">
      <SectionHead title="Bank statements" />
      <p className="admin-muted reconcile__intro">
        Import a bank statement to check each credit against the players’ deposit claims by UTR and amount. Exact matches can be approved together; everything
        else is shown with what is wrong.
      </p>
      <div className="reconcile__top">
        <AccountPanel accountId={accountId} onChoose={setChosenAccount} />
        <div className="card admin-panel" role="group" aria-labelledby="reconcile-upload-title">
          <h2 id="reconcile-upload-title" className="admin-panel__title">
            2. Import a statement
          </h2>
          {accounts.data && !accounts.data.length ? (
            <p className="reconcile-note">Add a bank account first.</p>
          ) : (
            <StatementUploadForm accountId={accountId} onImported={onImported} />
          )}
        </div>
        <ImportList openId={open?.id ?? null} onOpen={(imp) => setOpen({ id: imp._id, autoApproved: 0 })} />
      </div>
      {open && <ReconcileResultView key={open.id} importId={open.id} autoApproved={open.autoApproved} />}
    </section>
  );
}
