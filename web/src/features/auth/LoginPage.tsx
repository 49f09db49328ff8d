import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MESSAGES } from '../../../../contracts/account-rules';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { ApiError, errorMessage } from '../../lib/api';
import { startSignIn, type SecondFactorStep as Step } from './auth.api';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { identify, isEmail } from './identifier';
import { PasswordField } from './PasswordField';
import { SecondFactorStep } from './SecondFactorStep';
import { Loading } from '../../components/ui/States';
import './auth.css';
import { t } from '../../lib/i18n';

// Its form rules (zod, the password rules) load only when a player asks for a reset.
const ForgotPassword = lazy(() => import('./ForgotPassword').then((m) => ({ default: m.ForgotPassword })));

interface LoginValues {
  identifier: string;
  password: string;
}

export default function LoginPage() {
  const [params, setParams] = useSearchParams();
  if (params.get('forgot') !== null) {
    return (
      <Suspense fallback={<Loading />}>
        <ForgotPassword initial={params.get('forgot') ?? ''} onDone={(identifier) => setParams(identifier ? { id: identifier } : {})} />
      </Suspense>
    );
  }
  return <LoginForm initialIdentifier={params.get('id') ?? ''} onForgot={(identifier) => setParams({ forgot: identifier })} />;
}

function LoginForm({ initialIdentifier, onForgot }: { initialIdentifier: string; onForgot: (identifier: string) => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { register, handleSubmit, getValues, formState } = useForm<LoginValues>({ defaultValues: { identifier: initialIdentifier, password: '' } });
  const [error, setError] = useState({ message: '', attempt: 0 });
  const [second, setSecond] = useState<Step | null>(null);
  const fail = (message: string) => setError((e) => ({ message, attempt: e.attempt + 1 }));

  const onSubmit = async ({ identifier, password }: LoginValues) => {
    setError((e) => ({ ...e, message: '' }));
    if (!identifier.trim() || !password) return fail(t('Please fill in all fields'));
    if (identifier.includes('@') && !isEmail(identifier)) return fail(t('Please enter a valid email'));
    try {
      const step = await startSignIn({ ...(await identify(identifier)), password });
      if ('twoFactor' in step) setSecond(step);
      else navigate('/', { replace: true });
    } catch (err) {
      // A rate limit says how long to wait; every other failure reads the same, revealing nothing.
      // The original app's one message for a failed sign-in, except a wait to sit out or a blocked account,
      // which the server tells only to someone who knows the password.
      const told = err instanceof ApiError && (err.status === 429 || err.code === 'ACCOUNT_BLOCKED');
      fail(told ? errorMessage(err, t(MESSAGES.loginFailed)) : t(MESSAGES.loginFailed));
    }
  };

  const busy = formState.isSubmitting;
  if (second) return <SecondFactorStep step={second} onRestart={() => setSecond(null)} />;
  const cameFromGuard = Boolean((location.state as { from?: string } | null)?.from);
  return (
    <AuthCard title={t('Welcome back')} subtitle={cameFromGuard ? t('Please sign in to continue.') : t('Sign in to play and manage your wallet.')}>
      <LanguageSwitch className="auth-language" />
      <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <Field
          label={t('Email or Phone')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          hint={t('Without a country code, a phone number is read as Indian (+91).')}
          {...register('identifier')}
        />
        <PasswordField label={t('Password')} autoComplete="current-password" {...register('password')} />
        <div className="auth-form__aside">
          <button type="button" className="auth-link" onClick={() => onForgot(getValues('identifier').trim())}>
            {t('Forgot password?')}
          </button>
        </div>
        <FormAlert message={error.message} attempt={error.attempt} />
        <Button type="submit" block busy={busy} className="auth-submit">
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? t('Logging in...') : t('Login')}
        </Button>
      </form>
      <p className="auth-switch">
        {t('New here?')} <Link to="/signup">{t('Register')}</Link>
      </p>
    </AuthCard>
  );
}
