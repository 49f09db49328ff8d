import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/useSession';
import { useSubmitWithdrawal, type WithdrawMethod } from './wallet.api';
import { t } from '../../lib/i18n';

/** After an INR request the original app returns to the home page after 2 s. */
export const HOME_DELAY_MS = 2000;

/** Sends a withdrawal request with the original app's toasts; `goHome` navigates to / after a success. */
export function useWithdraw(method: WithdrawMethod, { goHome }: { goHome: boolean }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const submit = useSubmitWithdrawal();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const send = (details: { amount: string } & Record<string, string>, onDone: () => void) => {
    if (!user || submit.isPending) return;
    const amount = Number(details.amount);
    submit.mutate(
      { userId: user._id, amount, method, details: { ...details, amount }, remarks: `Withdrawal request via ${method}` },
      {
        onSuccess: () => {
          notify.success(t('Withdrawal request submitted successfully!'));
          onDone();
          if (goHome) timer.current = window.setTimeout(() => navigate('/'), HOME_DELAY_MS);
        },
        onError: (err) => notify.failure(t('Error submitting withdrawal request.'), errorMessage(err, t('Could not reach the server. Please try again.'))),
      },
    );
  };
  return { send, pending: submit.isPending };
}
