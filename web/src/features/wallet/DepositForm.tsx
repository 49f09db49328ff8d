import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { SegmentedControl } from '../../components/ui/SegmentedControl';
import { Loading } from '../../components/ui/States';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useQrCodes } from '../../lib/qrCodes';
import { useExclusion } from '../../lib/useExclusion';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/useSession';
import { AmountPicker } from './AmountPicker';
import { DepositSubmittedModal } from './DepositSubmittedModal';
import { DepositSteps, QrDisplay } from './QrDisplay';
import { checkPayNumber, useSubmitDeposit } from './wallet.api';
import { isAmountText } from '../../../../contracts/amounts';
import { t, tk } from '../../lib/i18n';

type Method = 'UPI' | 'Crypto';
type CryptoType = 'usdt' | 'btc';
type Network = 'erc20' | 'trc20';

const METHODS = [
  { value: 'UPI', label: 'UPI' },
  { value: 'Crypto', label: tk('Crypto') },
] as const;
const CRYPTO_TYPES = [
  { value: 'usdt', label: 'USDT' },
  { value: 'btc', label: 'BTC' },
] as const;
const NETWORKS = [
  { value: 'erc20', label: 'ERC20' },
  { value: 'trc20', label: 'TRC20' },
] as const;

/** The original app's state after a successful submit. */
const INITIAL = { method: 'UPI' as Method, amount: '', payNumber: '', cryptoType: 'usdt' as CryptoType, network: 'erc20' as Network };

/**
 * The deposit methods a player can pay by: those the back office has set a QR code for (a method
 * with nowhere to pay is not offered). A list that failed to load still offers its method, whose
 * panel then says so with Try again. `pending` until both lists have answered once.
 */
function useOfferedMethods(): { pending: boolean; methods: (typeof METHODS)[number][] } {
  const upi = useQrCodes('fiat');
  const crypto = useQrCodes('crypto');
  const answered = (q: typeof upi) => q.isSuccess || q.isError;
  const [settled, setSettled] = useState(false);
  if (!settled && answered(upi) && answered(crypto)) setSettled(true);
  const knownEmpty = (q: typeof upi) => q.isSuccess && q.data.length === 0;
  return { pending: !settled, methods: METHODS.filter((m) => !knownEmpty(m.value === 'UPI' ? upi : crypto)) };
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
  const [chosen, setForm] = useState(() => ({ ...INITIAL, method: methods[0].value as Method }));
  // A method taken away while the screen is open (its last QR code deleted) gives way to one still offered.
  const form = methods.some((m) => m.value === chosen.method) ? chosen : { ...chosen, method: methods[0].value as Method, payNumber: '' };
  const [amountError, setAmountError] = useState<string>();
  const [payError, setPayError] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const deposit = useSubmitDeposit();
  const isCrypto = form.method === 'Crypto';
  const ready = form.amount.trim() !== '' && form.payNumber.trim() !== '';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!user || !ready || deposit.isPending) return;
    const badAmount = isAmountText(form.amount) ? undefined : t('Enter an amount in rupees, with at most two decimals');
    const badPayNumber = checkPayNumber(form.payNumber);
    setAmountError(badAmount);
    setPayError(badPayNumber);
    if (badAmount || badPayNumber) return;
    const payNumber = form.payNumber.trim();
    deposit.mutate(
      {
        userId: user._id,
        amount: Number(form.amount),
        method: form.method,
        details: isCrypto ? { payNumber, network: form.network, cryptoType: form.cryptoType } : { payNumber },
        remarks: 'Payment request for INR',
      },
      {
        onSuccess: () => {
          setForm(INITIAL);
          // The dialog says it worked: an error toast of an earlier try must not stay above it.
          notify.dismissErrors();
          setSubmitted(true);
        },
        onError: (err) => notify.error(errorMessage(err, t('Could not reach the server. Please try again.'))),
      },
    );
  };

  return (
    <form className="wallet-form" onSubmit={onSubmit} noValidate>
      <SegmentedControl
        label={t('Deposit method')}
        options={methods.map((m) => ({ ...m, label: t(m.label) }))}
        value={form.method}
        onChange={(m) => {
          if (!m || m === form.method) return;
          setPayError(undefined);
          setForm((f) => ({ ...f, method: m, payNumber: '' }));
        }}
        className="wallet-form__methods"
      />

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

      {isCrypto && (
        <section className="card wallet-card wallet-card--grid">
          <div>
            <span className="field__label">{t('Crypto Type')}</span>
            <SegmentedControl
              label={t('Crypto Type')}
              options={CRYPTO_TYPES}
              value={form.cryptoType}
              onChange={(v) => v && setForm((f) => ({ ...f, cryptoType: v }))}
            />
          </div>
          <div>
            <span className="field__label">{t('Network')}</span>
            <SegmentedControl label={t('Network')} options={NETWORKS} value={form.network} onChange={(v) => v && setForm((f) => ({ ...f, network: v }))} />
          </div>
        </section>
      )}

      <section className="card wallet-card wallet-card--center" aria-label={t('QR code')}>
        <QrDisplay kind={isCrypto ? 'crypto' : 'fiat'} />
        <DepositSteps kind={isCrypto ? 'crypto' : 'fiat'} />
      </section>

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

      <DepositSubmittedModal open={submitted} onClose={() => setSubmitted(false)} />
    </form>
  );
}
