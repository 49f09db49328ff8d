import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { statementMappingSchema } from '../../../../../contracts/reconcile';
import { Button } from '../../../components/ui/Button';
import type { MappingNeeded, StatementMapping } from '../reconcile.api';

const column = (message: string) => z.string().min(1, message);
/** The selects as the form holds them ('' is no column), read into the contract's mapping. */
const mappingForm = z
  .object({
    date: column('Choose the column with the date'),
    narration: column('Choose the column with the narration'),
    reference: z.string(),
    credit: column('Choose the column with the credit amount'),
    creditDebitColumn: z.string(),
  })
  .transform(({ reference, creditDebitColumn, ...required }): z.input<typeof statementMappingSchema> => ({
    ...required,
    reference: reference || null,
    creditDebitColumn: creditDebitColumn || null,
  }))
  .pipe(statementMappingSchema);
type MappingInput = z.input<typeof mappingForm>;
type FieldName = keyof MappingInput;

const FIELDS: { name: FieldName; label: string; optional?: boolean; hint?: string }[] = [
  { name: 'date', label: 'Date' },
  { name: 'narration', label: 'Narration or remarks', hint: 'The text that carries the UTR, e.g. "UPI/412345678901/…".' },
  { name: 'reference', label: 'Reference or UTR (optional)', optional: true, hint: 'Only if the statement has a column of its own for it.' },
  { name: 'credit', label: 'Credit amount' },
  {
    name: 'creditDebitColumn',
    label: 'Dr/Cr column (optional)',
    optional: true,
    hint: 'Only if one amount column holds both debits and credits, and this column says which.',
  },
];

/**
 * Which column of the statement is which, when the server could not tell: a select per field
 * listing the file's headers, preset from the server's guess. The same file is sent again with it.
 */
export function StatementMappingForm({
  needed,
  fileName,
  busy,
  onSubmit,
  onCancel,
}: {
  needed: MappingNeeded;
  fileName: string;
  busy: boolean;
  onSubmit: (mapping: StatementMapping) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const { guess, headers } = needed;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<MappingInput, unknown, StatementMapping>({
    resolver: zodResolver(mappingForm),
    defaultValues: {
      date: guess.date ?? '',
      narration: guess.narration ?? '',
      reference: guess.reference ?? '',
      credit: guess.credit ?? '',
      creditDebitColumn: guess.creditDebitColumn ?? '',
    },
  });

  return (
    <form className="reconcile-mapping" onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="reconcile-mapping__title">
        Which columns are which?
      </h3>
      <p className="admin-muted">
        {needed.message} The columns chosen are kept for this bank account&apos;s next statements. File: <strong>{fileName}</strong>
      </p>
      {FIELDS.map((f) => {
        const error = errors[f.name]?.message;
        const describedBy = error ? `${id}-${f.name}-error` : f.hint ? `${id}-${f.name}-hint` : undefined;
        return (
          <div key={f.name} className={['field', error ? 'field--invalid' : ''].join(' ').trim()}>
            <label htmlFor={`${id}-${f.name}`} className="field__label">
              {f.label}
            </label>
            <div className="field__box">
              <select
                id={`${id}-${f.name}`}
                className="field__input admin-select"
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                {...register(f.name)}
              >
                <option value="">{f.optional ? 'None' : 'Choose a column'}</option>
                {headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </div>
            {error ? (
              <div id={`${id}-${f.name}-error`} className="field__error" role="alert">
                {error}
              </div>
            ) : (
              f.hint && (
                <div id={`${id}-${f.name}-hint`} className="field__hint">
                  {f.hint}
                </div>
              )
            )}
          </div>
        );
      })}
      <div className="admin-actions">
        <Button type="submit" busy={busy}>
          {busy ? 'Importing…' : 'Import with these columns'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
