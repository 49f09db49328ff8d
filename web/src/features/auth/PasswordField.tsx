import { forwardRef, useState, type ComponentProps } from 'react';
import { Field } from '../../components/ui/Field';
import { Icon } from '../../components/ui/Icon';
import { passwordStrength } from '../../../../contracts/account-rules';
import { t } from '../../lib/i18n';

type PasswordFieldProps = Omit<ComponentProps<typeof Field>, 'type' | 'trailing'>;

/** A password input with a show/hide toggle. */
export const PasswordField = forwardRef<HTMLInputElement, PasswordFieldProps>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      ref={ref}
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__button auth-eye"
          aria-label={visible ? t('Hide {{field}}', { field: props.label.toLowerCase() }) : t('Show {{field}}', { field: props.label.toLowerCase() })}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon name={visible ? 'eyeOff' : 'eye'} size={20} />
        </button>
      }
    />
  );
});

/** Five bars, one per criterion met, and the label Very Weak … Strong. */
export function StrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  return (
    <div className={`auth-strength auth-strength--${score}`}>
      <div
        className="auth-strength__bars"
        role="meter"
        aria-label={t('Password strength')}
        aria-valuemin={0}
        aria-valuemax={5}
        aria-valuenow={score}
        aria-valuetext={t(label)}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= score ? 'auth-strength__bar auth-strength__bar--on' : 'auth-strength__bar'} />
        ))}
      </div>
      <span className="auth-strength__label" aria-live="polite">
        {t(label)}
      </span>
    </div>
  );
}
