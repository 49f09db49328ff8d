import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { useQrCodes, type QrKind } from '../../../lib/qrCodes';
import { notify } from '../../../lib/toast';
import { useDeleteQr } from '../admin.api';
import { QrUploadForm } from './QrUploadForm';
import { SectionHead } from './SectionHead';

/** The payment QR code players see: an upload form when there is none, else the image with Delete. */
export function QrCodeSection({ kind, title }: { kind: QrKind; title: string }) {
  const qrCodes = useQrCodes(kind);
  const remove = useDeleteQr(kind);
  const [asking, setAsking] = useState<string | null>(null);

  const confirm = () => {
    if (!asking) return;
    remove.mutate(asking, {
      onSuccess: () => notify.success('Deleted successfully'),
      onError: (err) => notify.error(errorMessage(err, 'Failed to delete')),
      onSettled: () => setAsking(null),
    });
  };

  let body;
  if (qrCodes.isPending) body = <Loading />;
  else if (qrCodes.isError) body = <ErrorText>{errorMessage(qrCodes.error, 'Failed to load the QR code')}</ErrorText>;
  else if (!qrCodes.data.length) body = <QrUploadForm kind={kind} />;
  else
    body = (
      <ul className="admin-qr-list">
        {qrCodes.data.map((qr) => (
          <li key={qr._id} className="admin-qr">
            <img src={qr.imageUrl} alt={`QR code: ${qr.title}`} className="admin-qr__image" />
            <span className="admin-qr__title">{qr.title}</span>
            <Button variant="danger" onClick={() => setAsking(qr._id)}>
              Delete
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="admin-section">
      <SectionHead title={title} />
      <div className="card admin-panel">{body}</div>
      <ConfirmDialog
        open={asking !== null}
        title="Delete QR Code"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p className="admin-confirm__text">Players will see no QR code to pay to until a new one is uploaded. Delete it?</p>
      </ConfirmDialog>
    </section>
  );
}
