import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { checkPayTo } from '../../../../../contracts/wallet';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import type { QrKind } from '../../../lib/qrCodes';
import { notify } from '../../../lib/toast';
import { useUploadQr } from '../admin.api';

export const QR_MAX_BYTES = 10 * 1024 * 1024;

/** Drag-and-drop (or click) upload of the one payment QR code, with a preview. */
export function QrUploadForm({ kind }: { kind: QrKind }) {
  const inputId = useId();
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const previewUrl = useRef<string | null>(null);
  const file = picked?.file ?? null;
  const [title, setTitle] = useState('');
  const [payTo, setPayTo] = useState('');
  const [payToError, setPayToError] = useState<string>();
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const upload = useUploadQr(kind);

  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    if (!chosen.type.startsWith('image/')) return setError('Only image files can be uploaded');
    if (chosen.size > QR_MAX_BYTES) return setError('The image is larger than 10 MB');
    setError(undefined);
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = URL.createObjectURL(chosen);
    setPicked({ file: chosen, preview: previewUrl.current });
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!file) return setError('Please select a QR Code image');
    const checked = checkPayTo(kind === 'fiat' ? 'upi' : 'crypto', payTo);
    if (!checked.ok) return setPayToError(checked.message);
    setPayToError(undefined);
    const name = title.trim() || file.name.replace(/\.[^.]+$/, '');
    upload.mutate(
      { file, title: name.slice(0, 100), payTo: checked.value ?? '' },
      {
        onSuccess: () => notify.success('QR Code uploaded successfully'),
        onError: (err) => notify.error(errorMessage(err, 'Upload failed')),
      },
    );
  };

  return (
    <form className="admin-upload" onSubmit={onSubmit} noValidate>
      <label
        htmlFor={inputId}
        className={['admin-drop', dragging ? 'admin-drop--over' : '', error ? 'admin-drop--invalid' : ''].join(' ').trim()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {picked ? (
          <img src={picked.preview} alt="Preview of the chosen QR code" className="admin-drop__preview" />
        ) : (
          <span className="admin-drop__icon" aria-hidden="true">
            ⬆
          </span>
        )}
        <span className="admin-drop__text">{file ? file.name : 'Drag and drop a QR Code image here, or click to choose one'}</span>
        <span className="admin-drop__hint">Max size: 10 MB</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="visually-hidden"
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <Field
        label="Title"
        placeholder={kind === 'fiat' ? 'e.g. Main UPI account' : 'e.g. USDT (TRC20) wallet'}
        value={title}
        maxLength={100}
        onChange={(e) => setTitle(e.target.value)}
      />
      <Field
        label={kind === 'fiat' ? 'UPI ID (optional)' : 'Wallet address (optional)'}
        placeholder={kind === 'fiat' ? 'e.g. rupeearcade@okaxis' : 'The address this QR code pays to'}
        hint="Shown under the QR code with a copy button, for players who pay from the same phone."
        value={payTo}
        maxLength={128}
        autoComplete="off"
        spellCheck={false}
        error={payToError}
        onChange={(e) => setPayTo(e.target.value)}
      />
      <Button type="submit" block busy={upload.isPending}>
        {upload.isPending ? 'Uploading...' : 'Save QR Code'}
      </Button>
    </form>
  );
}
