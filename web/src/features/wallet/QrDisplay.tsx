import { useEffect } from 'react';
import { ErrorRetry, Loading } from '../../components/ui/States';
import { useQrCodes, type QrKind } from '../../lib/qrCodes';

/** The QR code to pay to, the spec's text when the back office has uploaded none, or a failed load with Try again. */
export function QrDisplay({ kind }: { kind: QrKind }) {
  const { data, error, isPending, isFetching, refetch } = useQrCodes(kind);
  useEffect(() => {
    if (error) console.error('qr codes', error);
  }, [error]);
  if (isPending) return <Loading />;
  if (error && !data) {
    return (
      <ErrorRetry onRetry={() => void refetch()} busy={isFetching}>
        Could not load the QR code right now.
      </ErrorRetry>
    );
  }
  const qr = data?.[0];
  if (!qr) return <p className="wallet-qr__empty">No QR Codes uploaded yet.</p>;
  return (
    <figure className="wallet-qr">
      <img className="wallet-qr__image" src={qr.imageUrl} alt={`QR code: ${qr.title}`} width={220} height={220} />
      {qr.title && <figcaption className="wallet-qr__title">{qr.title}</figcaption>}
    </figure>
  );
}
