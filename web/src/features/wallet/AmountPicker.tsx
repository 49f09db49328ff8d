import { useId } from 'react';
import { QUICK_AMOUNTS } from '../../../../contracts/wallet';
import { useSiteSettings } from '../../lib/useSiteSettings';
import { formatRupees } from '../../../../contracts/amounts';
import { t } from '../../lib/i18n';

/** The amount box with the original app's quick amounts; the bounds come from the server, which decides. */
export function AmountPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const limits = useSiteSettings().data?.deposit;
  return (
    <div className="wallet-amount">
      <label htmlFor={id} className="field__label">
        {t('Amount (₹)')}
      </label>
      <div className="field__box">
        <span className="wallet-amount__sign" aria-hidden="true">
          ₹
        </span>
        <input
          id={id}
          className="field__input wallet-amount__input"
          type="number"
          inputMode="decimal"
          min={limits?.min}
          max={limits?.max}
          step="any"
          placeholder={t('Enter amount')}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <div className="wallet-amount__limits" aria-busy={!limits}>
        <span>{t('Min: {{amount}}', { amount: limits?.min ?? '…' })}</span>
        <span>{t('Max: {{amount}}', { amount: limits?.max ?? '…' })}</span>
      </div>
      <div className="wallet-amount__quick" role="group" aria-label={t('Quick amounts')}>
        {QUICK_AMOUNTS.map((a) => (
          <button
            key={a}
            type="button"
            className={['wallet-amount__chip', value === String(a) ? 'wallet-amount__chip--active' : ''].join(' ').trim()}
            aria-pressed={value === String(a)}
            onClick={() => onChange(String(a))}
          >
            {formatRupees(a, 'short')}
          </button>
        ))}
      </div>
    </div>
  );
}
