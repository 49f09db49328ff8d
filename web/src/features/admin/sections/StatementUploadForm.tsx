import { useId, useRef, useState, type FormEvent } from 'react';
import { STATEMENT_MAX_BYTES } from '../../../../../contracts/reconcile';
import { Button } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { mappingNeeded, useImportStatement, type MappingNeeded, type ReconcileResult, type StatementMapping } from '../reconcile.api';
import { StatementMappingForm } from './StatementMappingForm';

const LIMIT = `${Math.round((STATEMENT_MAX_BYTES / 1024 / 1024) * 10) / 10} MB`;
const ACCEPTED = /\.(csv|xlsx)$/i;

/**
 * A statement file for the chosen account: sent at once, and when the server cannot tell its
 * columns apart, the mapping form, which sends the same file again with the columns named.
 */
export function StatementUploadForm({ accountId, onImported }: { accountId: string | null; onImported: (result: ReconcileResult) => void }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [needed, setNeeded] = useState<MappingNeeded | null>(null);
  const send = useImportStatement();

  const choose = (chosen: File | undefined) => {
    setNeeded(null);
    setError(undefined);
    setFile(null);
    if (!chosen) return;
    if (!ACCEPTED.test(chosen.name)) return setError('Choose a CSV or XLSX file, as the bank exports it.');
    if (chosen.size > STATEMENT_MAX_BYTES) return setError(`The file is larger than ${LIMIT}: export a shorter period.`);
    setFile(chosen);
  };

  const upload = (mapping?: StatementMapping) => {
    if (!accountId) return setError('Choose the bank account this statement belongs to.');
    if (!file) return setError('Choose the statement file first.');
    setError(undefined);
    send.mutate(
      { accountId, file, mapping },
      {
        onSuccess: (result) => {
          setNeeded(null);
          setFile(null);
          if (input.current) input.current.value = '';
          const lines = result.import.creditLines;
          notify.success(`Statement imported: ${lines} credit ${lines === 1 ? 'line' : 'lines'}`);
          onImported(result);
        },
        onError: (err) => {
          const asked = mappingNeeded(err);
          if (asked) return setNeeded(asked);
          setError(errorMessage(err, 'The statement could not be imported. Please try again.'));
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    upload();
  };

  return (
    <div className="reconcile-upload" aria-busy={send.isPending || undefined}>
      <form className="admin-form reconcile-upload__form" onSubmit={onSubmit} noValidate>
        <div className={['field', error ? 'field--invalid' : ''].join(' ').trim()}>
          <label htmlFor={inputId} className="field__label">
            Statement file (CSV or XLSX)
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="reconcile-upload__file"
            aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
            disabled={send.isPending}
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <div id={`${inputId}-hint`} className="field__hint">
            Up to {LIMIT}. Export the account&apos;s statement from net banking; lines already imported are not counted twice.
          </div>
          {error && (
            <div id={`${inputId}-error`} className="field__error" role="alert">
              {error}
            </div>
          )}
        </div>
        {!needed && (
          <Button type="submit" busy={send.isPending} disabled={!accountId}>
            {send.isPending ? 'Importing…' : 'Import statement'}
          </Button>
        )}
        {send.isPending && (
          <p className="admin-muted" role="status">
            Reading the statement and matching its credits with deposits…
          </p>
        )}
      </form>
      {needed && file && (
        <StatementMappingForm
          key={needed.headers.join('\n')}
          needed={needed}
          fileName={file.name}
          busy={send.isPending}
          onSubmit={(mapping) => upload(mapping)}
          onCancel={() => setNeeded(null)}
        />
      )}
    </div>
  );
}
