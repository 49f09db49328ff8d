import { useEffect, useId, useRef, useState } from 'react';
import type { QrCode } from '../../../../../contracts/wallet.answers';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { errorMessage } from '../../../lib/api';
import type { QrKind } from '../../../lib/qrCodes';
import { notify } from '../../../lib/toast';
import { useReplaceQr } from '../admin.api';
import { QR_MAX_BYTES } from './QrUploadForm';

/**
 * "Replace": a new image for the same code in one step. The current code stays on the deposit page
 * until the new image is saved, so there is no moment without one.
 */
export function QrReplaceDialog({ kind, qr, onClose }: { kind: QrKind; qr: QrCode; onClose: () => void }) {
  const inputId = useId();
  const replace = useReplaceQr(kind);
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string>();
  const previewUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return setError('Only image files can be uploaded');
    if (file.size > QR_MAX_BYTES) return setError('The image is larger than 10 MB');
    setError(undefined);
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = URL.createObjectURL(file);
    setPicked({ file, preview: previewUrl.current });
  };

  const save = () => {
    if (!picked) return setError('Choose the new QR code image');
    replace.mutate(
      { id: qr._id, file: picked.file },
      {
        onSuccess: () => {
          notify.success('QR Code replaced successfully');
          onClose();
        },
        onError: (err) => setError(errorMessage(err, 'Failed to replace the QR code')),
      },
    );
  };

  return (
    <Modal
      open
      title="Replace QR Code"
      onClose={onClose}
      actions={
        <>
          <Button variant="ghost" onClick={onClose} disabled={replace.isPending}>
            Cancel
          </Button>
          <Button busy={replace.isPending} onClick={save}>
            Save new image
          </Button>
        </>
      }
    >
      <p className="admin-muted">
        {qr.coin && qr.network ? 'Same coin, network and address; only the image changes. ' : 'Same title and UPI ID; only the image changes. '}
        Players keep seeing the current code until the new one is saved.
      </p>
      <div className="admin-qr-replace">
        <figure className="admin-qr-replace__side">
          <img src={qr.imageUrl} alt={`Current QR code: ${qr.title}`} className="admin-qr-replace__image" />
          <figcaption>Current</figcaption>
        </figure>
        <figure className="admin-qr-replace__side">
          {picked ? (
            <img src={picked.preview} alt="Preview of the new QR code" className="admin-qr-replace__image" />
          ) : (
            <span className="admin-qr-replace__empty" aria-hidden="true">
              ?
            </span>
          )}
          <figcaption>New</figcaption>
        </figure>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          New image (PNG, JPEG, WebP or GIF, up to 10 MB)
        </label>
        <input id={inputId} type="file" accept="image/*" className="admin-qr-replace__input" onChange={(e) => choose(e.target.files?.[0])} />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </Modal>
  );
}
