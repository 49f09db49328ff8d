import { useId } from 'react';

export const DEPOSIT_MIN = 100;
export const DEPOSIT_MAX = 5000;
export const QUICK_AMOUNTS = [100, 200, 300, 500, 1000, 2000, 3000, 5000] as const;

/** The amount box with the spec's quick amounts; the bounds are input attributes (the server decides). */
export function AmountPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="wallet-amount">
      <label htmlFor={id} className="field__label">
        Amount (₹)
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
          min={DEPOSIT_MIN}
          max={DEPOSIT_MAX}
          step="any"
          placeholder="Enter amount"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <div className="wallet-amount__limits">
        <span>Min: {DEPOSIT_MIN}</span>
        <span>Max: {DEPOSIT_MAX}</span>
      </div>
      <div className="wallet-amount__quick" role="group" aria-label="Quick amounts">
        {QUICK_AMOUNTS.map((a) => (
          <button
            key={a}
            type="button"
            className={['wallet-amount__chip', value === String(a) ? 'wallet-amount__chip--active' : ''].join(' ').trim()}
            aria-pressed={value === String(a)}
            onClick={() => onChange(String(a))}
          >
            ₹{a.toLocaleString('en-IN')}
          </button>
        ))}
      </div>
    </div>
  );
}
