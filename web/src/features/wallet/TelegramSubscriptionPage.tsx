import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { Page } from '../../components/ui/Page';
import { ErrorRetry, Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { notify } from '../../lib/toast';
import { formatDateTime } from '../../lib/format';
import { useQrCodes } from '../../lib/qrCodes';
import { useExclusion } from '../../lib/useExclusion';
import { GAMES } from '../../lib/games';
import { useSession } from '../../lib/useSession';
import { formatRupees } from '../../../../contracts/amounts';
import { DepositSubmittedModal } from './DepositSubmittedModal';
import { MySubscriptions } from './MySubscriptions';
import { QrDisplay } from './QrDisplay';
import { checkPayNumber, useSubmitDeposit, useTelegramAmount, walletKeys } from './wallet.api';
import './wallet.css';
import { t } from '../../lib/i18n';

const EMPTY = { payNumber: '', phoneNumber: '', telegramID: '' };

/** Pays the fixed Telegram-channel subscription price for a game. */
export default function TelegramSubscriptionPage() {
  const { gameName = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const amount = useTelegramAmount();
  const deposit = useSubmitDeposit();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [payError, setPayError] = useState<string>();
  const exclusion = useExclusion();
  const price = amount.data ?? null;
  // Somewhere to pay: without a UPI QR code there is nothing to submit a transaction id for.
  const payable = (useQrCodes('fiat').data?.length ?? 0) > 0;
  const ready = form.payNumber.trim() !== '' && price !== null && payable;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (deposit.isPending || price === null || !payable) return;
    if (!user) {
      navigate('/login');
      return;
    }
    // An empty or malformed transaction id is said at its field, never passed over in silence.
    const bad = checkPayNumber(form.payNumber);
    setPayError(bad);
    if (bad) return;
    deposit.mutate(
      {
        userId: user._id,
        amount: price,
        method: 'Telegram',
        details: { payNumber: form.payNumber.trim(), telegramID: form.telegramID.trim(), phoneNumber: form.phoneNumber.trim(), gameName },
        remarks: `Telegram subscription for ${gameName}`,
      },
      {
        onSuccess: () => {
          setForm(EMPTY);
          // The dialog says it worked: an error toast of an earlier try must not stay beside it.
          notify.dismissErrors();
          setSubmitted(true);
          void queryClient.invalidateQueries({ queryKey: walletKeys.subscriptions });
        },
        onError: (err) => notify.error(errorMessage(err, t('Could not reach the server. Please try again.'))),
      },
    );
  };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  // Nothing to pay (no price set) or no paying allowed (a break): a notice in place of the form and the QR code.
  let closedNotice = null;
  if (exclusion) {
    const until = formatDateTime(exclusion.endsAt);
    closedNotice = (
      <section className="card wallet-card wallet-card--center" role="status">
        <p className="wallet-closed__title">{t('Deposits are paused during your break')}</p>
        <p className="wallet-closed__text">
          {exclusion.kind === 'timeout'
            ? t('You are on a time-out until {{until}}. You can still withdraw your balance and see your history.', { until })
            : t('You have excluded yourself until {{until}}. You can still withdraw your balance and see your history.', { until })}
        </p>
      </section>
    );
  } else if (amount.isSuccess && price === null) {
    closedNotice = (
      <section className="card wallet-card wallet-card--center" role="status">
        <p className="wallet-closed__title">{t('Subscriptions are closed for now')}</p>
        <p className="wallet-closed__text">{t('No subscription price has been set yet, so there is nothing to pay. Please check back later.')}</p>
      </section>
    );
  }

  return (
    <Page title={t('Telegram Subscription')} narrow>
      <div className="wallet-form">
        <section className="card wallet-card">
          <p className="wallet-telegram__game">
            {t('Game:')} <strong>{Object.hasOwn(GAMES, gameName) ? t(GAMES[gameName].title) : gameName}</strong>
          </p>
          {!closedNotice && (
            <p className="wallet-telegram__what">
              {t(
                "A subscription gives you the invite link to the game's Telegram channel, where its rounds are announced before they start. Pay the amount below by UPI and submit the transaction ID: once an admin confirms the payment, the invite link appears under your subscriptions on this page.",
              )}
            </p>
          )}
          {!closedNotice && (
            <div className="field">
              <span className="field__label">{t('Amount (₹)')}</span>
              {amount.isPending ? (
                <Loading />
              ) : amount.isError ? (
                <ErrorRetry onRetry={() => void amount.refetch()} busy={amount.isFetching}>
                  {errorMessage(amount.error, t('Could not load the subscription price.'))}
                </ErrorRetry>
              ) : (
                <output className="wallet-telegram__amount" aria-label={t('Amount')}>
                  {formatRupees(price ?? 0)}
                </output>
              )}
            </div>
          )}
        </section>

        {closedNotice ?? (
          <form className="wallet-form" onSubmit={onSubmit} noValidate>
            <section className="card wallet-card wallet-card--center" aria-label={t('QR code')}>
              <QrDisplay kind="fiat" />
            </section>

            <section className="card wallet-card">
              <Field
                label={t('Transaction ID')}
                placeholder={t('Enter the UPI transaction ID (UTR)')}
                value={form.payNumber}
                maxLength={128}
                autoComplete="off"
                spellCheck={false}
                error={payError}
                onChange={(e) => {
                  setPayError(undefined);
                  set('payNumber')(e);
                }}
              />
              <Field
                label={t('Phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+91 98765 43210"
                value={form.phoneNumber}
                maxLength={20}
                onChange={set('phoneNumber')}
              />
              <Field label={t('Telegram ID')} placeholder="@username" value={form.telegramID} maxLength={64} autoComplete="off" onChange={set('telegramID')} />
              {ready && (
                <Button type="submit" block busy={deposit.isPending}>
                  {t('Submit Deposit')}
                </Button>
              )}
            </section>
          </form>
        )}

        <MySubscriptions />

        <DepositSubmittedModal
          open={submitted}
          onClose={() => {
            setSubmitted(false);
            navigate('/');
          }}
        />
      </div>
    </Page>
  );
}
