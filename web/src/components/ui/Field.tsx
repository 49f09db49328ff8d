import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { t } from '../../lib/i18n';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Something drawn inside the box after the input, such as a show/hide button. */
  trailing?: ReactNode;
  /** Something before the input, such as a country picker. */
  leading?: ReactNode;
}

/** A labelled input whose error is announced to screen readers. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, trailing, leading, id, className, ...rest }, ref) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].join(' ').trim()}>
      <label htmlFor={inputId} className="field__label">
        {label}
      </label>
      <div className="field__box">
        {leading}
        <input
          ref={ref}
          id={inputId}
          className="field__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error ? errorId : '', hint ? hintId : ''].join(' ').trim() || undefined}
          {...rest}
        />
        {trailing}
      </div>
      {hint && !error && (
        <div id={hintId} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={errorId} className="field__error" role="alert">
          {t(error)}
        </div>
      )}
    </div>
  );
});
