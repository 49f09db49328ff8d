import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Modal } from '../../components/ui/Modal';
import { errorMessage } from '../../lib/api';
import { copyText } from '../../lib/clipboard';
import { session } from '../../lib/session';
import { notify } from '../../lib/toast';
import { finishSignIn, setUpSecondFactor, type SecondFactorStep as Step } from './auth.api';
import { AuthCard } from './AuthCard';
import { FormAlert } from './FormAlert';
import { t } from '../../lib/i18n';

/** An admin's second sign-in step: set up an authenticator app the first time, then its code (or a recovery code). */
export function SecondFactorStep({ step, onRestart }: { step: Step; onRestart: () => void }) {
  const navigate = useNavigate();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState({ message: '', attempt: 0 });
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState<{ codes: string[]; user: Parameters<typeof session.set>[0] } | null>(null);
  const fail = (message: string) => setError((e) => ({ message, attempt: e.attempt + 1 }));

  useEffect(() => {
    if (step.twoFactor !== 'setup') return;
    setUpSecondFactor(step.challenge)
      .then(setSetup)
      .catch((err) => fail(errorMessage(err, 'The set-up could not start. Please sign in again.')));
  }, [step]);

  const submit = async () => {
    if (code.trim().length < 6) return fail('Enter the 6-digit code from your authenticator app.');
    setBusy(true);
    try {
      const { user, recoveryCodes } = await finishSignIn(step.challenge, code);
      if (recoveryCodes?.length) setRecovery({ codes: recoveryCodes, user });
      else {
        session.set(user);
        navigate('/admin', { replace: true });
      }
    } catch (err) {
      fail(errorMessage(err, 'That code is not right.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title={t('Two-step sign-in')}
      subtitle={step.twoFactor === 'setup' ? 'Set up an authenticator app for your admin account.' : 'Enter the code your authenticator app shows.'}
    >
      <form
        className="auth-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {step.twoFactor === 'setup' && (
          <div className="auth-2fa__setup">
            <p>Add this key to an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or open the link on this phone:</p>
            {setup ? (
              <>
                <code className="auth-2fa__secret" aria-label={t('Authenticator key')}>
                  {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
                </code>
                <div className="auth-2fa__actions">
                  <Button variant="secondary" onClick={() => void copyText(setup.secret).then(() => notify.success('Copied to clipboard!'))}>
                    {t('Copy key')}
                  </Button>
                  <a className="btn btn--ghost" href={setup.otpauthUrl}>
                    {t('Open in app')}
                  </a>
                </div>
              </>
            ) : (
              <p className="auth-2fa__wait">Preparing your key...</p>
            )}
          </div>
        )}
        <Field
          label={step.twoFactor === 'setup' ? 'Code from the app' : 'Code (or a recovery code)'}
          inputMode={step.twoFactor === 'setup' ? 'numeric' : 'text'}
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FormAlert message={error.message} attempt={error.attempt} />
        <Button type="submit" block busy={busy}>
          {t('Verify')}
        </Button>
        <button type="button" className="auth-link" onClick={onRestart}>
          {t('Back to sign in')}
        </button>
      </form>
      {recovery && (
        <Modal open title={t('Save your recovery codes')} onClose={() => undefined} hideClose>
          <p>Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe.</p>
          <ul className="auth-2fa__codes">
            {recovery.codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <div className="auth-2fa__actions">
            <Button variant="secondary" onClick={() => void copyText(recovery.codes.join('\n')).then(() => notify.success('Copied to clipboard!'))}>
              {t('Copy codes')}
            </Button>
            <Button
              onClick={() => {
                session.set(recovery.user);
                navigate('/admin', { replace: true });
              }}
            >
              {t('I have saved them')}
            </Button>
          </div>
        </Modal>
      )}
    </AuthCard>
  );
}
