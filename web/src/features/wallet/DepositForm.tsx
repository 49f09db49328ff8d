import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { SegmentedControl } from '../../components/ui/SegmentedControl';
import { ErrorRetry, Loading } from '../../components/ui/States';
import { ApiError, errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { qrCodesKey, useQrCodes } from '../../lib/qrCodes';
import { useExclusion } from '../../lib/useExclusion';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/useSession';
import { AmountPicker } from './AmountPicker';
import { coinAmountError, CryptoAmount, cryptoDeposit, CryptoPairPicker, CryptoTarget, offeredCodes, pairKey, type AmountIn } from './CryptoDeposit';
import { DepositSubmittedModal } from './DepositSubmittedModal';
import { DepositSteps, QrDisplay } from './QrDisplay';
import { UpiRequestDeposit } from './UpiRequestDeposit';
import { checkPayNumber, useSubmitDeposit, type DepositRequest } from './wallet.api';
import { isAmountText } from '../../../../contracts/amounts';
import { t, tk } from '../../lib/i18n';

type Method = 'UPI' | 'Crypto';

const METHODS = [
  { value: 'UPI', label: 'UPI' },
  { value: 'Crypto', label: tk('Crypto') },
] as const;

/** The state after a successful submit: the original app's (UPI, nothing typed), and no coin or network chosen. */
const INITIAL = { method: 'UPI' as Method, amount: '', payNumber: '', pair: null as string | null, amountIn: 'inr' as AmountIn, coinAmount: '' };

/**
 * The deposit methods a player can pay by: those the back office has set a QR code for (a method
 * with nowhere to pay is not offered; crypto needs a code that names its coin and network, and a
 * rate for the coin). A list that failed to load still offers its method, whose panel then says
 * so with Try again. `pending` until both lists have answered once.
 */
function useOfferedMethods(): { pending: boolean; methods: (typeof METHODS)[number][] } {
  const upi = useQrCodes('fiat');
  const crypto = useQrCodes('crypto');
  const answered = (q: typeof upi) => q.isSuccess || q.isError;
  const [settled, setSettled] = useState(false);
  if (!settled && answered(upi) && answered(crypto)) setSettled(true);
  const knownEmpty = (m: Method) => (m === 'UPI' ? upi.isSuccess && upi.data.length === 0 : crypto.isSuccess && offeredCodes(crypto.data).length === 0);
  return { pending: !settled, methods: METHODS.filter((m) => !knownEmpty(m.value)) };
}

export function DepositForm() {
  const { pending, methods } = useOfferedMethods();
  const exclusion = useExclusion();
  if (pending) return <Loading />;
  if (exclusion) {
    return (
      <section className="card wallet-card wallet-card--center" role="status">
        <p className="wallet-closed__title">{t('Deposits are paused during your break')}</p>
        <p className="wallet-closed__text">
          {exclusion.kind === 'timeout'
            ? t('You are on a time-out until {{until}}. You can still withdraw your balance and see your history.', { until: formatDateTime(exclusion.endsAt) })
            : t('You have excluded yourself until {{until}}. You can still withdraw your balance and see your history.', {
                until: formatDateTime(exclusion.endsAt),
              })}
        </p>
      </section>
    );
  }
  if (!methods.length) {
    return (
      <section className="card wallet-card wallet-card--center" role="status">
        <p className="wallet-closed__title">{t('Deposits are not open right now')}</p>
        <p className="wallet-closed__text">{t('No payment details have been set up yet, so there is nowhere to pay. Please try again later.')}</p>
      </section>
    );
  }
  return <DepositFormFor methods={methods} />;
}

function DepositFormFor({ methods }: { methods: (typeof METHODS)[number][] }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const upiCodes = useQrCodes('fiat');
  const cryptoCodes = useQrCodes('crypto');
  const codes = offeredCodes(cryptoCodes.data);
  const [chosen, setForm] = useState(() => ({ ...INITIAL, method: methods[0].value as Method }));
  // A method taken away while the screen is open (its last QR code deleted) gives way to one still offered.
  const form = methods.some((m) => m.value === chosen.method) ? chosen : { ...chosen, method: methods[0].value as Method, payNumber: '' };
  // The coin and network: the player's choice while it is still offered; the only pair when there is one; else none.
  const code = codes.find((c) => pairKey(c) === form.pair) ?? (codes.length === 1 ? codes[0] : undefined);
  const [amountError, setAmountError] = useState<string>();
  const [payError, setPayError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const deposit = useSubmitDeposit();
  const isCrypto = form.method === 'Crypto';
  const byCoin = isCrypto && form.amountIn === 'coin';
  const amountText = byCoin ? form.coinAmount : form.amount;
  const ready = (!isCrypto || code !== undefined) && amountText.trim() !== '' && form.payNumber.trim() !== '';
  // A UPI code with its UPI ID: a request for the exact amount, with a reference, instead of the uploaded image.
  const upiPayTo = isCrypto ? null : (upiCodes.data?.[0]?.payTo ?? null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!user || !ready || deposit.isPending) return;
    const badAmount = byCoin
      ? coinAmountError(code!, form.coinAmount)
      : isAmountText(form.amount)
        ? undefined
        : t('Enter an amount in rupees, with at most two decimals');
    const badPayNumber = checkPayNumber(form.payNumber);
    setAmountError(badAmount);
    setPayError(badPayNumber);
    if (badAmount || badPayNumber) return;
    const payNumber = form.payNumber.trim();
    const body: DepositRequest = {
      userId: user._id,
      ...(isCrypto && code
        ? cryptoDeposit(code, form.amountIn, form.amount, form.coinAmount, payNumber)
        : { amount: Number(form.amount), method: 'UPI', details: { payNumber } }),
      remarks: 'Payment request for INR',
    };
    deposit.mutate(body, {
      onSuccess: () => {
        setForm(INITIAL);
        // The dialog says it worked: an error toast of an earlier try must not stay above it.
        notify.dismissErrors();
        setSubmitted(true);
      },
      onError: (err) => {
        notify.error(errorMessage(err, t('Could not reach the server. Please try again.')));
        // A new rate or a code taken away: show what is offered now.
        if (err instanceof ApiError && (err.code === 'RATE_CHANGED' || err.code === 'CRYPTO_PAIR_NOT_OFFERED' || err.code === 'NO_RATE')) {
          void queryClient.invalidateQueries({ queryKey: qrCodesKey('crypto') });
        }
      },
    });
  };

  const methodPicker = (
    <SegmentedControl
      label={t('Deposit method')}
      options={methods.map((m) => ({ ...m, label: t(m.label) }))}
      value={form.method}
      onChange={(m) => {
        if (!m || m === form.method) return;
        setPayError(undefined);
        setAmountError(undefined);
        setForm((f) => ({ ...f, method: m, payNumber: '' }));
      }}
      className="wallet-form__methods"
    />
  );
  const submittedModal = <DepositSubmittedModal open={submitted} onClose={() => setSubmitted(false)} />;

  if (upiPayTo) {
    return (
      <div className="wallet-form">
        {methodPicker}
        <UpiRequestDeposit
          payTo={upiPayTo}
          amount={form.amount}
          onAmount={(amount) => setForm((f) => ({ ...f, amount }))}
          onSubmitted={() => setSubmitted(true)}
        />
        {submittedModal}
      </div>
    );
  }

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate>
      {methodPicker}

      {isCrypto ? (
        <>
          {cryptoCodes.isError && !codes.length ? (
            <section className="card wallet-card wallet-card--center">
              <ErrorRetry onRetry={() => void cryptoCodes.refetch()} busy={cryptoCodes.isFetching}>
                {t('Could not load the QR code right now.')}
              </ErrorRetry>
            </section>
          ) : (
            <CryptoPairPicker
              codes={codes}
              value={code ? pairKey(code) : null}
              onChange={(pair) => {
                setAmountError(undefined);
                setForm((f) => ({ ...f, pair, coinAmount: '' }));
              }}
            />
          )}
          {code && (
            <CryptoAmount
              code={code}
              amountIn={form.amountIn}
              amount={form.amount}
              coinAmount={form.coinAmount}
              error={amountError}
              onAmountIn={(amountIn) => {
                setAmountError(undefined);
                setForm((f) => ({ ...f, amountIn }));
              }}
              onAmount={(amount) => {
                setAmountError(undefined);
                setForm((f) => ({ ...f, amount }));
              }}
              onCoinAmount={(coinAmount) => {
                setAmountError(undefined);
                setForm((f) => ({ ...f, coinAmount }));
              }}
            />
          )}
          {code && (
            <section className="card wallet-card wallet-card--center" aria-label={t('QR code')}>
              <CryptoTarget code={code} />
              <DepositSteps kind="crypto" />
            </section>
          )}
        </>
      ) : (
        <>
          <section className="card wallet-card">
            <AmountPicker
              value={form.amount}
              onChange={(amount) => {
                setAmountError(undefined);
                setForm((f) => ({ ...f, amount }));
              }}
            />
            {amountError && (
              <p className="field__error" role="alert">
                {amountError}
              </p>
            )}
          </section>
          <section className="card wallet-card wallet-card--center" aria-label={t('QR code')}>
            <QrDisplay kind="fiat" />
            <DepositSteps kind="fiat" />
          </section>
        </>
      )}

      {(!isCrypto || code) && (
        <section className="card wallet-card">
          <Field
            label={isCrypto ? t('Transaction Hash') : t('Transaction ID')}
            placeholder={isCrypto ? t('Paste the transaction hash') : t('Enter the UPI transaction ID (UTR)')}
            value={form.payNumber}
            maxLength={128}
            autoComplete="off"
            spellCheck={false}
            error={payError}
            onChange={(e) => {
              setPayError(undefined);
              setForm((f) => ({ ...f, payNumber: e.target.value }));
            }}
          />
          {ready && (
            <Button type="submit" block busy={deposit.isPending}>
              {t('Submit Deposit')}
            </Button>
          )}
        </section>
      )}

      {submittedModal}
    </form>
  );
}
