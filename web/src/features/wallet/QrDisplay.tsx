import { useEffect } from 'react';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { ErrorRetry, Loading } from '../../components/ui/States';
import { copyText } from '../../lib/clipboard';
import { useQrCodes, type QrKind } from '../../lib/qrCodes';
import { notify } from '../../lib/toast';
import { t, tk } from '../../lib/i18n';
import { ownText } from '../../lib/ownText';

const STEPS: Record<QrKind, string[]> = {
  fiat: [
    tk('Choose the amount.'),
    tk('Scan the QR code with any UPI app, or pay to the UPI ID, and pay exactly that amount.'),
    tk('Enter the UPI transaction ID (UTR) from your app below and submit.'),
    tk('Your balance is credited once the payment is confirmed.'),
  ],
  crypto: [
    tk('Choose the coin and the network, then the amount.'),
    tk('Send exactly the coin amount shown, on that network only, to the QR code or the address.'),
    tk('Enter the transaction hash below and submit.'),
    tk('Your balance is credited once the transfer is confirmed.'),
  ],
};

/** Copies a UPI ID or an address, saying so. */
export function CopyButton({ label, value }: { label: string; value: string }) {
  const copy = async () => {
    try {
      await copyText(value);
      notify.success(t('Copied to clipboard!'));
    } catch (err) {
      console.error('copy', err);
    }
  };
  return (
    <Button variant="secondary" className="wallet-payto__copy" onClick={() => void copy()} aria-label={t('Copy {{label}} {{value}}', { label, value })}>
      <Icon name="copy" size={16} /> {t('Copy')}
    </Button>
  );
}

/** What the code pays to, written out with a copy button, for players paying from this very phone. */
export function PayTo({ kind, value }: { kind: QrKind; value: string }) {
  const label = kind === 'fiat' ? t('UPI ID') : t('Address');
  return (
    <div className={`wallet-payto wallet-payto--${kind}`}>
      <span className="wallet-payto__label">{label}</span>
      <code className="wallet-payto__value">{value}</code>
      <CopyButton label={label} value={value} />
    </div>
  );
}

/** How a deposit works, beside the code it is paid to. */
export function DepositSteps({ kind }: { kind: QrKind }) {
  return (
    <ol className="wallet-steps" aria-label={t('How to deposit')}>
      {STEPS[kind].map((step) => (
        <li key={step}>{t(step)}</li>
      ))}
    </ol>
  );
}

/**
 * The QR code to pay to with its UPI ID or address to copy, the original app's text when the back office has
 * uploaded none, or a failed load with Try again.
 */
export function QrDisplay({ kind }: { kind: QrKind }) {
  const { data, error, isPending, isFetching, refetch } = useQrCodes(kind);
  useEffect(() => {
    if (error) console.error('qr codes', error);
  }, [error]);
  if (isPending) return <Loading />;
  if (error && !data) {
    return (
      <ErrorRetry onRetry={() => void refetch()} busy={isFetching}>
        {t('Could not load the QR code right now.')}
      </ErrorRetry>
    );
  }
  const qr = data?.[0];
  if (!qr) return <p className="wallet-qr__empty">{t('No QR Codes uploaded yet.')}</p>;
  const title = ownText(qr.title, qr.titleHi);
  return (
    <figure className="wallet-qr">
      <img className="wallet-qr__image" src={qr.imageUrl} alt={t('QR code: {{title}}', { title })} width={220} height={220} />
      {title && <figcaption className="wallet-qr__title">{title}</figcaption>}
      {qr.payTo && <PayTo kind={kind} value={qr.payTo} />}
    </figure>
  );
}
