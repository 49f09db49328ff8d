import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { isPeriod } from '../../../lib/fairness/links';
import { t } from '../../../lib/i18n';
import { PeriodSteps } from './PeriodSteps';

/** The form that asks for a period, and its check step by step once asked. */
export function CheckPeriod({ period, onCheck }: { period: string | null; onCheck: (period: string) => void }) {
  const [text, setText] = useState(period ?? '');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text.trim();
    if (!isPeriod(value)) {
      setError(t('Enter the 12-digit period number, such as 202611250001.'));
      return;
    }
    setError('');
    onCheck(value);
  };
  return (
    <section className="card color-fair" aria-labelledby="check-title">
      <h2 id="check-title">{t('Check a period')}</h2>
      <p className="color-fair__intro">
        {t(
          'Your browser recomputes the period’s number from its hash and its chain’s salt, and hashes its hash back to the chain’s published hash. Nothing here trusts the server’s word.',
        )}
      </p>
      <form className="color-fair__form" onSubmit={submit} noValidate>
        <Field label={t('Period')} inputMode="numeric" autoComplete="off" value={text} onChange={(e) => setText(e.target.value)} error={error} maxLength={12} />
        <Button type="submit">{t('Check')}</Button>
      </form>
      {period && <PeriodSteps period={period} />}
    </section>
  );
}
