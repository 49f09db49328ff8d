import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Page } from '../../components/ui/Page';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { changePassword } from './auth.api';
import { FormAlert } from './FormAlert';
import { PasswordField } from './PasswordField';
import './auth.css';
import { serverText, t, tk } from '../../lib/i18n';

const FAILED = tk('Failed to change password');

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm({ defaultValues: { oldPassword: '', newPassword: '' } });
  const [error, setError] = useState({ message: '', attempt: 0 });
  const fail = (message: string) => setError((e) => ({ message, attempt: e.attempt + 1 }));

  const onSubmit = async ({ oldPassword, newPassword }: { oldPassword: string; newPassword: string }) => {
    setError((e) => ({ ...e, message: '' }));
    if (!oldPassword || !newPassword) return fail(t('Please fill in both fields'));
    try {
      const res = await changePassword({ oldPassword, newPassword });
      notify.success(res?.message ? serverText(res.message) : t('Password changed successfully'));
      navigate('/', { replace: true });
    } catch (err) {
      fail(errorMessage(err, FAILED));
    }
  };

  const busy = formState.isSubmitting;
  return (
    <Page title={t('Change Password')} narrow>
      <div className="auth-card auth-card--flat">
        <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)}>
          <PasswordField label={t('Old Password')} autoComplete="current-password" {...register('oldPassword')} />
          <PasswordField label={t('New Password')} autoComplete="new-password" {...register('newPassword')} />
          <FormAlert message={error.message} attempt={error.attempt} />
          <Button type="submit" block busy={busy} className="auth-submit">
            {busy ? t('Changing...') : t('Change Password')}
          </Button>
        </form>
      </div>
    </Page>
  );
}
