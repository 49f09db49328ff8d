import { Tr } from '../../lib/Tr';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, OTP_RESEND_COOLDOWN_SECONDS } from '../../../../contracts/accounts';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { ApiError, errorMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { requestResetOtp, resetPassword, type ResetTarget } from './auth.api';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { identify, isEmail } from './identifier';
import { emptyOtp, isCompleteOtp, otpCode, OtpInput } from './OtpInput';
import { PasswordField, StrengthMeter } from './PasswordField';
import { resetFormSchema, type ResetValues } from './register.schema';
import { retryAfterOf, useCooldown } from './useCooldown';
import { serverText, t } from '../../lib/i18n';

/** Forgot password: ask for a code by e-mail or phone, then set a new password with it. */
export function ForgotPassword({ initial, onDone }: { initial: string; onDone: (identifier?: string) => void }) {
  const [identifier, setIdentifier] = useState(initial);
  const [target, setTarget] = useState<ResetTarget | null>(null);
  const [sent, setSent] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const cooldown = useCooldown();

  const request = async (value: string) => {
    setError('');
    if (!value.trim()) return setError(t('Please enter your email or phone number'));
    if (value.includes('@') && !isEmail(value)) return setError(t('Please enter a valid email'));
    setBusy(true);
    let who: ResetTarget | null = null;
    try {
      who = await identify(value);
      const res = await requestResetOtp(who);
      setSent(res?.message ? serverText(res.message, undefined, t(MESSAGES.resetRequested)) : t(MESSAGES.resetRequested));
      setTarget(who);
      cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        // The answer must read the same whether or not the account exists.
        setSent(t(MESSAGES.resetRequested));
        setTarget(who);
        cooldown.start(OTP_RESEND_COOLDOWN_SECONDS);
      } else {
        if (err instanceof ApiError && err.status === 429) cooldown.start(retryAfterOf(err.body, OTP_RESEND_COOLDOWN_SECONDS));
        setError(errorMessage(err, t('Could not send a code. Please try again.')));
      }
    } finally {
      setBusy(false);
    }
  };

  if (target) {
    return (
      <ResetStep
        target={target}
        identifier={identifier}
        sent={sent}
        resendIn={cooldown.left}
        resending={busy}
        resendError={error}
        onResend={() => void request(identifier)}
        onBack={() => {
          setTarget(null);
          setError('');
        }}
        onDone={() => onDone(identifier.trim())}
      />
    );
  }

  return (
    <AuthCard title={t('Forgot password?')} subtitle={t('Enter the email or phone number of your account and we will send you a code.')}>
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void request(identifier);
        }}
      >
        <Field
          label={t('Email or Phone')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
          error={error || undefined}
        />
        <Button type="submit" block busy={busy} disabled={cooldown.active} className="auth-submit">
          {busy ? t('Sending...') : cooldown.active ? t('Send code again in {{seconds}}s', { seconds: cooldown.left }) : t('Send code')}
        </Button>
      </form>
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={() => onDone()}>
          {t('Back to login')}
        </button>
      </p>
    </AuthCard>
  );
}

interface ResetStepProps {
  target: ResetTarget;
  identifier: string;
  sent: string;
  resendIn: number;
  resending: boolean;
  resendError: string;
  onResend: () => void;
  onBack: () => void;
  onDone: () => void;
}

function ResetStep({ target, identifier, sent, resendIn, resending, resendError, onResend, onBack, onDone }: ResetStepProps) {
  const [digits, setDigits] = useState(emptyOtp);
  const [error, setError] = useState({ message: '', attempt: 0 });
  const { register, handleSubmit, control, formState } = useForm<ResetValues>({
    resolver: zodResolver(resetFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const newPassword = useWatch({ control, name: 'newPassword' });
  // An admin's reset also asks for the authenticator's code (or a recovery code) once the server says so.
  const [secondFactor, setSecondFactor] = useState<string | null>(null);
  const fail = (message: string) => setError((e) => ({ message, attempt: e.attempt + 1 }));

  const onValid = async ({ newPassword }: ResetValues) => {
    setError((e) => ({ ...e, message: '' }));
    if (!isCompleteOtp(digits)) return fail(t('Please enter 6-digit OTP code'));
    if (secondFactor !== null && !secondFactor.trim()) return fail(t('Enter the code from your authenticator app (or a recovery code) as well.'));
    try {
      const res = await resetPassword({ ...target, otp: otpCode(digits), newPassword, ...(secondFactor ? { twoFactorCode: secondFactor.trim() } : {}) });
      notify.success(res?.message ? serverText(res.message, undefined, t(MESSAGES.passwordReset)) : t(MESSAGES.passwordReset));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'TWO_FACTOR_REQUIRED') setSecondFactor((v) => v ?? '');
      fail(errorMessage(err, t('Password reset failed. Please try again.')));
    }
  };

  const busy = formState.isSubmitting;
  const shownError = error.message || resendError;
  return (
    <AuthCard title={t('Reset password')} subtitle={sent}>
      <form
        className="auth-form"
        noValidate
        onSubmit={handleSubmit(onValid, () => (isCompleteOtp(digits) ? undefined : fail(t('Please enter 6-digit OTP code'))))}
      >
        <p className="auth-form__target">
          <Tr text="Code for <b>{{who}}</b>" values={{ who: identifier.trim() }} parts={{ b: <strong /> }} />
        </p>
        <OtpInput
          label={t('Reset code')}
          digits={digits}
          onChange={setDigits}
          disabled={busy}
          invalid={Boolean(error.message) && !isCompleteOtp(digits)}
          autoFocus
        />
        <PasswordField label={t('New Password')} autoComplete="new-password" error={formState.errors.newPassword?.message} {...register('newPassword')} />
        <StrengthMeter password={newPassword} />
        <PasswordField
          label={t('Confirm New Password')}
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        {secondFactor !== null && (
          <Field
            label={t('Authenticator code or recovery code')}
            autoComplete="one-time-code"
            value={secondFactor}
            onChange={(e) => setSecondFactor(e.target.value)}
            autoFocus
          />
        )}
        <FormAlert message={shownError} attempt={error.attempt} />
        <Button type="submit" block busy={busy} className="auth-submit">
          {busy ? t('Resetting...') : t('Reset Password')}
        </Button>
        <div className="auth-otp-form__row">
          <Button variant="ghost" onClick={onResend} disabled={resendIn > 0 || resending || busy}>
            {resendIn > 0 ? t('Resend in {{seconds}}s', { seconds: resendIn }) : t('Resend code')}
          </Button>
          <Button variant="ghost" onClick={onBack} disabled={busy}>
            {t('Change email or phone')}
          </Button>
        </div>
      </form>
      <p className="auth-switch">
        <button type="button" className="auth-link" onClick={onDone}>
          {t('Back to login')}
        </button>
      </p>
    </AuthCard>
  );
}
