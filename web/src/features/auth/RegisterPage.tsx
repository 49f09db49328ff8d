import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../contracts/accounts';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { ApiError, errorMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { registerUser, signIn } from './auth.api';
import { AuthCard } from './AuthCard';
import { checkPhone, DEFAULT_COUNTRY } from './countries';
import { CountrySelect } from './CountrySelect';
import { FormAlert } from './FormAlert';
import { OtpModal } from './OtpModal';
import { PasswordField, StrengthMeter } from './PasswordField';
import { registerSchema, type RegisterInput, type RegisterValues } from './register.schema';
import './auth.css';
import { currentLanguage, serverText, t, tk } from '../../lib/i18n';
import { Tr } from '../../lib/Tr';

const FIX_ERRORS = tk('Please fix the errors above and try again.');
const REGISTER_FAILED = tk('Registration failed. Please try again.');
/** The server's words when a code could not be sent, for the languages it does not speak. */
const UNDELIVERED = {
  email: tk('Registration successful, but we could not send your email code. Please use Resend OTP.'),
  sms: tk('Registration successful, but we could not send your SMS code. Please use Resend OTP.'),
  both: tk('Registration successful, but we could not send your email and SMS code. Please use Resend OTP.'),
};
/** Server refusals that belong to one field, so the message also shows beside it. */
const FIELD_OF_CODE = new Map<string, 'email' | 'phone' | 'referral'>([
  ['EMAIL_TAKEN', 'email'],
  ['PHONE_TAKEN', 'phone'],
  ['REFERRAL_INVALID', 'referral'],
]);

interface Pending {
  userId: string;
  notice: string;
  email: string;
  phoneNumber: string;
  password: string;
}

export default function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ref = params.get('ref') ?? '';
  const blank: RegisterInput = {
    fullName: '',
    email: '',
    country: DEFAULT_COUNTRY,
    phone: '',
    password: '',
    confirmPassword: '',
    referral: ref,
    ageConfirmed: false,
  };
  const {
    register,
    handleSubmit,
    control,
    reset,
    trigger,
    getFieldState,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterValues>({ resolver: zodResolver(registerSchema), mode: 'onTouched', defaultValues: blank });
  const [formError, setFormError] = useState({ message: '', attempt: 0 });
  const [pending, setPending] = useState<Pending | null>(null);
  const showFormError = (message: string) => setFormError((e) => ({ message, attempt: e.attempt + 1 }));

  const onValid = async (values: RegisterValues) => {
    setFormError((e) => ({ ...e, message: '' }));
    const phone = checkPhone(values.country, values.phone);
    if (!phone.ok) return showFormError(FIX_ERRORS);
    try {
      const { userId, message, undelivered } = await registerUser({
        fullName: values.fullName,
        email: values.email,
        phoneNumber: phone.phoneNumber,
        password: values.password,
        ref_by: values.referral,
        ageConfirmed: values.ageConfirmed,
        language: currentLanguage(),
      });
      if (!userId) return showFormError(REGISTER_FAILED);
      // When a code could not be sent the server says which and what to do; otherwise the original app's words.
      // Said once, at the top of the code dialog that opens now, where it stays while the player types.
      const own = t(
        undelivered.length ? UNDELIVERED[undelivered.includes('email') ? (undelivered.includes('sms') ? 'both' : 'email') : 'sms'] : MESSAGES.registered,
      );
      const notice = undelivered.length && message ? serverText(message, undefined, own) : own;
      setPending({ userId, notice, email: values.email, phoneNumber: phone.phoneNumber, password: values.password });
    } catch (err) {
      const message = errorMessage(err, t(REGISTER_FAILED));
      // This e-mail or phone already waits for verification: the server sent its owner a new code.
      const waiting =
        err instanceof ApiError && err.code === 'PENDING_VERIFICATION' ? (err.body as { data?: { userId?: string } } | undefined)?.data?.userId : undefined;
      if (waiting) {
        setPending({ userId: waiting, notice: message, email: values.email, phoneNumber: phone.phoneNumber, password: values.password });
        return;
      }
      const field = err instanceof ApiError && err.code ? FIELD_OF_CODE.get(err.code) : undefined;
      if (field) setError(field, { type: 'server', message }, { shouldFocus: true });
      showFormError(message);
    }
  };

  const onVerified = async () => {
    if (!pending) return;
    const { email, password } = pending;
    setPending(null);
    reset({ ...blank, referral: '' });
    try {
      await signIn({ email, password });
      notify.success(t(MESSAGES.verifiedSignedIn));
      navigate('/', { replace: true });
    } catch {
      // Signing in failed: then it is true that the player can now sign in, on the login screen.
      notify.success(t(MESSAGES.verified));
      navigate('/login', { replace: true });
    }
  };

  const phoneField = register('phone');
  const countryField = register('country', {
    onChange: () => {
      if (getFieldState('phone').isTouched) void trigger('phone');
    },
  });
  const passwordField = register('password', {
    onChange: () => {
      if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
    },
  });
  const [password, country] = useWatch({ control, name: ['password', 'country'] });
  // "Fix the errors above" goes away once nothing above is wrong any more.
  const visibleFormError = formError.message === FIX_ERRORS && Object.keys(errors).length === 0 ? '' : formError.message;

  return (
    <AuthCard title={t('Create your account')} subtitle={t('Sign up in a minute and start playing.')}>
      <LanguageSwitch className="auth-language" />
      <form className="auth-form" noValidate onSubmit={handleSubmit(onValid, () => showFormError(FIX_ERRORS))}>
        <Field label={t('Full Name')} autoComplete="name" error={errors.fullName?.message} {...register('fullName')} />
        <Field
          label={t('Email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          error={errors.email?.message}
          {...register('email')}
        />
        <Field
          label={t('Phone Number')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          leading={<CountrySelect value={country} {...countryField} />}
          error={errors.phone?.message}
          {...phoneField}
          onChange={(e) => {
            e.target.value = e.target.value.replace(/\D/g, '');
            return phoneField.onChange(e);
          }}
        />
        <PasswordField label={t('Password')} autoComplete="new-password" error={errors.password?.message} {...passwordField} />
        <StrengthMeter password={password} />
        <PasswordField label={t('Confirm Password')} autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Field
          label={t('Referral code')}
          hint={t('Optional')}
          autoCapitalize="off"
          spellCheck={false}
          error={errors.referral?.message}
          {...register('referral')}
        />
        <div className={errors.ageConfirmed ? 'auth-age auth-age--invalid' : 'auth-age'}>
          <input
            id="register-age"
            type="checkbox"
            aria-invalid={errors.ageConfirmed ? true : undefined}
            aria-describedby={errors.ageConfirmed ? 'register-age-error' : undefined}
            {...register('ageConfirmed')}
          />
          <label htmlFor="register-age">
            <span className="auth-age__badge" aria-hidden="true">
              18+
            </span>{' '}
            <Tr text="I am 18 or older. Play is for adults only: see <safer>Safer play</safer>." parts={{ safer: <Link to="/safer-play" /> }} />
          </label>
          {errors.ageConfirmed && (
            <p id="register-age-error" className="field__error" role="alert">
              {t(errors.ageConfirmed.message ?? '')}
            </p>
          )}
        </div>
        <FormAlert message={visibleFormError} attempt={formError.attempt} focus={visibleFormError !== FIX_ERRORS} />
        <Button type="submit" block busy={isSubmitting} className="auth-submit">
          {isSubmitting && <span className="spinner" aria-hidden="true" />}
          {t('Create Account')}
        </Button>
        <p className="auth-legal">
          <Tr
            text="By creating an account you agree to our <terms>Terms of Service</terms> and <privacy>Privacy Policy</privacy>."
            parts={{ terms: <a href="/terms" target="_blank" rel="noopener" />, privacy: <a href="/privacy" target="_blank" rel="noopener" /> }}
          />
        </p>
      </form>
      <p className="auth-switch">
        {t('Already have an account?')} <Link to="/login">{t('Sign in')}</Link>
      </p>
      {pending && (
        <OtpModal
          open
          userId={pending.userId}
          email={pending.email}
          phoneNumber={pending.phoneNumber}
          notice={pending.notice}
          onVerified={onVerified}
          onCancel={() => setPending(null)}
        />
      )}
    </AuthCard>
  );
}
