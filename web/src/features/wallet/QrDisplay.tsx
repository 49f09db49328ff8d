import { Loading } from '../../components/ui/States';
import { useQrCodes, type QrKind } from '../../lib/qrCodes';

/** The QR code to pay to, or the spec's text when the back office has uploaded none. */
export function QrDisplay({ kind }: { kind: QrKind }) {
  const { data, isPending, isError } = useQrCodes(kind);
  if (isPending) return <Loading />;
  const qr = data?.[0];
  if (isError || !qr) return <p className="wallet-qr__empty">No QR Codes uploaded yet.</p>;
  return (
    <figure className="wallet-qr">
      <img className="wallet-qr__image" src={qr.imageUrl} alt={`QR code: ${qr.title}`} width={220} height={220} />
      {qr.title && <figcaption className="wallet-qr__title">{qr.title}</figcaption>}
    </figure>
  );
}
