import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatRupees, isAmountText } from '../../../../contracts/amounts';
import { depositUtrSchema } from '../../../../contracts/wallet';
import { Button } from '../../components/ui/Button';
import { Field } from '../../components/ui/Field';
import { errorMessage } from '../../lib/api';
import { t, tk } from '../../lib/i18n';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/useSession';
import { AmountPicker } from './AmountPicker';
import { CopyButton, PayTo } from './QrDisplay';
import { useSubmitUtr, useUpiRequest, type UpiRequestCreated } from './wallet.api';

const STEPS = [
  tk('Choose the amount and press Get payment QR.'),
  tk('Scan the QR code with any UPI app, or open your UPI app with the button: the amount and the reference are filled in.'),
  tk('Enter the UPI transaction ID (UTR) from your app below and submit.'),
  tk('Your balance is credited once the payment is confirmed.'),
];

const COARSE = '(pointer: coarse)';
function subscribeCoarse(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const mq = window.matchMedia(COARSE);
  mq.addEventListener?.('change', onChange);
  return () => mq.removeEventListener?.('change', onChange);
}
const readCoarse = () => typeof window.matchMedia === 'function' && window.matchMedia(COARSE).matches;
/** True on a touch screen (a phone), where a `upi://` link opens the phone's UPI apps. */
function useCoarsePointer(): boolean {
  return useSyncExternalStore(subscribeCoarse, readCoarse, () => false);
}

interface UpiRequestDepositProps {
  /** The UPI ID of the UPI code, which the request pays. */
  payTo: string;
  amount: string;
  onAmount: (amount: string) => void;
  /** The UTR was taken: the screen shows "Deposit Submitted". */
  onSubmitted: () => void;
  /** Shows "Pay with a UPI app"; by default on a touch screen only. */
  showAppLink?: boolean;
}

/**
 * A UPI deposit for the exact amount: the player picks the amount and gets a request for it (a
 * pending deposit with its reference), shown as a QR code drawn from its `upi://pay` link and, on a
 * phone, as a button that opens the UPI apps; then gives the UTR, or leaves the payment to be
 * matched by its reference.
 */
export function UpiRequestDeposit({ payTo, amount, onAmount, onSubmitted, showAppLink }: UpiRequestDepositProps) {
  const { user } = useSession();
  const create = useUpiRequest();
  const [request, setRequest] = useState<UpiRequestCreated | null>(null);
  const [amountError, setAmountError] = useState<string>();

  const onCreate = (e: FormEvent) => {
    e.preventDefault();
    if (!user || create.isPending) return;
    const bad = amount.trim() === '' ? t('Enter the amount') : isAmountText(amount) ? undefined : t('Enter an amount in rupees, with at most two decimals');
    setAmountError(bad);
    if (bad) return;
    create.mutate(
      { userId: user._id, amount: amount.trim() },
      {
        onSuccess: (answer) => {
          notify.dismissErrors();
          setRequest(answer.data);
        },
        onError: (err) => notify.error(errorMessage(err, t('Could not reach the server. Please try again.'))),
      },
    );
  };

  if (request) {
    return (
      <UpiRequestShown
        request={request}
        showAppLink={showAppLink}
        onBack={() => setRequest(null)}
        onSubmitted={() => {
          setRequest(null);
          onAmount('');
          onSubmitted();
        }}
      />
    );
  }
  return (
    <>
      <form className="card wallet-card" onSubmit={onCreate} noValidate>
        <AmountPicker
          value={amount}
          onChange={(value) => {
            setAmountError(undefined);
            onAmount(value);
          }}
        />
        {amountError && (
          <p className="field__error" role="alert">
            {amountError}
          </p>
        )}
        <Button type="submit" block busy={create.isPending}>
          {create.isPending ? t('Loading...') : t('Get payment QR')}
        </Button>
      </form>
      <section className="card wallet-card wallet-card--center" aria-label={t('UPI payment')}>
        <p className="wallet-upi__intro">{t('You get a QR code for the exact amount, with a reference made for this deposit.')}</p>
        <PayTo kind="fiat" value={payTo} />
        <ol className="wallet-steps" aria-label={t('How to deposit')}>
          {STEPS.map((step) => (
            <li key={step}>{t(step)}</li>
          ))}
        </ol>
      </section>
    </>
  );
}

type UtrForm = z.input<typeof depositUtrSchema>;

/** The request to pay: its QR code, amount, payee, reference and app button; then the UTR. */
function UpiRequestShown({
  request,
  showAppLink,
  onBack,
  onSubmitted,
}: {
  request: UpiRequestCreated;
  showAppLink?: boolean;
  onBack: () => void;
  onSubmitted: () => void;
}) {
  const coarse = useCoarsePointer();
  const appLink = showAppLink ?? coarse;
  const amount = formatRupees(request.deposit.amount);
  const headingId = useId();
  const referenceId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // A screen reader hears the request as soon as it is shown.
  useEffect(() => heading.current?.focus(), []);
  const submit = useSubmitUtr();
  const { register, handleSubmit, control, formState } = useForm<UtrForm, unknown, z.output<typeof depositUtrSchema>>({
    resolver: zodResolver(depositUtrSchema),
    defaultValues: { payNumber: '' },
  });
  const typed = (useWatch({ control, name: 'payNumber' }) ?? '').trim() !== '';

  const onUtr = handleSubmit(({ payNumber }) => {
    if (submit.isPending) return;
    submit.mutate(
      { id: request.deposit._id, payNumber },
      {
        onSuccess: () => {
          notify.dismissErrors();
          onSubmitted();
        },
        onError: (err) => notify.error(errorMessage(err, t('Could not reach the server. Please try again.'))),
      },
    );
  });

  return (
    <>
      <section className="card wallet-card wallet-card--center wallet-upi" aria-labelledby={headingId}>
        <h2 className="wallet-upi__title" id={headingId} ref={heading} tabIndex={-1}>
          {t('Pay {{amount}} by UPI', { amount })}
        </h2>
        <div className="wallet-upi__qr">
          <QRCodeSVG
            value={request.link}
            size={220}
            level="M"
            marginSize={2}
            role="img"
            aria-label={t('UPI payment QR code: {{amount}} to {{payee}}', { amount, payee: request.payeeName })}
          />
        </div>
        <dl className="wallet-upi__facts">
          <div>
            <dt>{t('Amount')}</dt>
            <dd className="wallet-upi__amount">{amount}</dd>
          </div>
          <div>
            <dt>{t('Pay to')}</dt>
            <dd>{request.payeeName}</dd>
          </div>
        </dl>
        {/* On a phone the QR code cannot be scanned by the phone itself: its UPI apps open from here. */}
        {appLink && (
          <a className="btn btn--primary btn--block wallet-upi__app" href={request.link}>
            {t('Pay with a UPI app')}
          </a>
        )}
        <PayTo kind="fiat" value={request.payTo} />
        <div className="wallet-upi__reference">
          <span className="wallet-upi__reference-label" id={referenceId}>
            {t('Reference')}
          </span>
          <strong className="wallet-upi__reference-value" aria-labelledby={referenceId}>
            {request.reference}
          </strong>
          <CopyButton label={t('Reference')} value={request.reference} />
        </div>
        <p className="wallet-upi__note">{t('Scanning the QR code fills in the amount and puts this reference in the payment’s remark.')}</p>
        <p className="wallet-upi__note">{t('If you pay to the UPI ID by hand, enter the exact amount and write the reference in the remark.')}</p>
        <Button variant="ghost" className="wallet-upi__back" onClick={onBack}>
          {t('Change amount')}
        </Button>
      </section>
      <form className="card wallet-card" onSubmit={(e) => void onUtr(e)} noValidate>
        <Field
          label={t('Transaction ID')}
          placeholder={t('Enter the UPI transaction ID (UTR)')}
          maxLength={128}
          autoComplete="off"
          spellCheck={false}
          error={formState.errors.payNumber?.message}
          {...register('payNumber')}
        />
        {typed && (
          <Button type="submit" block busy={submit.isPending}>
            {t('Submit Deposit')}
          </Button>
        )}
        <p className="wallet-upi__leave">{t('You may also leave it: the payment is matched by its reference.')}</p>
      </form>
    </>
  );
}
