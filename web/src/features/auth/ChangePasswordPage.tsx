import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { confirmationProblem, passwordProblem } from '../../../../contracts/account-rules';
import { Button } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { changePassword } from './auth.api';
import { FormAlert } from './FormAlert';
import { PasswordField, StrengthMeter } from './PasswordField';
import './auth.css';
import { serverText, t, tk } from '../../lib/i18n';

const FAILED = tk('Failed to change password');

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, control, getFieldState, trigger, formState } = useForm<Values>({
    mode: 'onTouched',
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [error, setError] = useState({ message: '', attempt: 0 });
  const fail = (message: string) => setError((e) => ({ message, attempt: e.attempt + 1 }));
  const newPassword = useWatch({ control, name: 'newPassword' });

  // The rules and the meter of registration. An empty field is the form's "Please fill in both fields", said on submit.
  const newPasswordField = register('newPassword', {
    validate: (value) => !value || (passwordProblem(value) ?? true),
    onChange: () => {
      if (getFieldState('confirmPassword').isTouched) void trigger('confirmPassword');
    },
  });
  const confirmField = register('confirmPassword', {
    validate: (value, values) => !values.newPassword || (confirmationProblem(values.newPassword, value) ?? true),
  });

  const onSubmit = async ({ oldPassword, newPassword }: Values) => {
    setError((e) => ({ ...e, message: '' }));
    if (!oldPassword || !newPassword) return fail(t('Please fill in both fields'));
    try {
      const res = await changePassword({ oldPassword, newPassword });
      notify.success(res?.message ? serverText(res.message, undefined, t('Password changed successfully')) : t('Password changed successfully'));
      navigate('/', { replace: true });
    } catch (err) {
      fail(errorMessage(err, FAILED));
    }
  };

  const busy = formState.isSubmitting;
  const errors = formState.errors;
  return (
    <Page title={t('Change Password')} narrow>
      <div className="auth-card auth-card--flat">
        <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <PasswordField label={t('Old Password')} autoComplete="current-password" {...register('oldPassword')} />
          <PasswordField label={t('New Password')} autoComplete="new-password" error={errors.newPassword?.message} {...newPasswordField} />
          <StrengthMeter password={newPassword} />
          <PasswordField label={t('Confirm New Password')} autoComplete="new-password" error={errors.confirmPassword?.message} {...confirmField} />
          <FormAlert message={error.message} attempt={error.attempt} />
          <Button type="submit" block busy={busy} className="auth-submit">
            {busy ? t('Changing...') : t('Change Password')}
          </Button>
        </form>
      </div>
    </Page>
  );
}
