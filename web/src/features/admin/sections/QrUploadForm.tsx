import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import {
  checkNetworkAddress,
  COIN_LABELS,
  CRYPTO_PAIRS,
  CRYPTO_TYPES,
  NETWORK_LABELS,
  type CryptoNetwork,
  type CryptoType,
} from '../../../../../contracts/crypto';
import { checkPayTo } from '../../../../../contracts/wallet';
import { Button } from '../../../components/ui/Button';
import { Field } from '../../../components/ui/Field';
import { SegmentedControl } from '../../../components/ui/SegmentedControl';
import { errorMessage } from '../../../lib/api';
import type { QrKind } from '../../../lib/qrCodes';
import { notify } from '../../../lib/toast';
import { useUploadQr } from '../admin.api';

export const QR_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Drag-and-drop (or click) upload of a payment QR code, with a preview: the one UPI code, or a
 * crypto code with the coin and network it receives and its address (`taken`: pairs that have one).
 */
export function QrUploadForm({ kind, taken = [] }: { kind: QrKind; taken?: string[] }) {
  const inputId = useId();
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const previewUrl = useRef<string | null>(null);
  const file = picked?.file ?? null;
  const [title, setTitle] = useState('');
  const [titleHi, setTitleHi] = useState('');
  const [payTo, setPayTo] = useState('');
  const [payToError, setPayToError] = useState<string>();
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const [coin, setCoin] = useState<CryptoType | null>(null);
  const [network, setNetwork] = useState<CryptoNetwork | null>(null);
  const [pairError, setPairError] = useState<string>();
  const upload = useUploadQr(kind);
  const crypto = kind === 'crypto';

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
    if (crypto && (!coin || !network)) return setPairError('Choose the coin and the network this code receives');
    if (crypto && taken.includes(`${coin}:${network}`)) return setPairError('There is already a code for this coin and network: use Replace on it');
    setPairError(undefined);
    const checked = crypto && network ? checkNetworkAddress(network, payTo) : checkPayTo('upi', payTo);
    if (!checked.ok) return setPayToError(checked.message);
    setPayToError(undefined);
    const name = title.trim() || file.name.replace(/\.[^.]+$/, '');
    upload.mutate(
      { file, title: name.slice(0, 100), titleHi: titleHi.trim(), payTo: checked.value ?? '', coin: coin ?? undefined, network: network ?? undefined },
      {
        onSuccess: () => {
          notify.success('QR Code uploaded successfully');
          // A crypto form stays for the next code: it starts empty again.
          if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
          previewUrl.current = null;
          setPicked(null);
          setTitle('');
          setTitleHi('');
          setPayTo('');
          setCoin(null);
          setNetwork(null);
        },
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
      {crypto && (
        <div className="admin-pair">
          <div>
            <span className="field__label">Coin</span>
            <SegmentedControl
              label="Coin"
              options={CRYPTO_TYPES.map((c) => ({ value: c, label: COIN_LABELS[c] }))}
              value={coin}
              onChange={(c) => {
                setPairError(undefined);
                setCoin(c);
                // Only the networks the coin travels on; the only one is taken at once.
                setNetwork(c && CRYPTO_PAIRS[c].length === 1 ? CRYPTO_PAIRS[c][0] : null);
              }}
            />
          </div>
          <div>
            <span className="field__label">Network</span>
            {coin ? (
              <SegmentedControl
                label="Network"
                options={CRYPTO_PAIRS[coin].map((n) => ({ value: n, label: NETWORK_LABELS[n] }))}
                value={network}
                onChange={(n) => {
                  setPairError(undefined);
                  setNetwork(n);
                }}
              />
            ) : (
              <span className="admin-pair__hint">Choose the coin first</span>
            )}
          </div>
          {pairError && (
            <p className="field__error" role="alert">
              {pairError}
            </p>
          )}
        </div>
      )}
      <Field
        label="Title"
        placeholder={kind === 'fiat' ? 'e.g. Main UPI account' : 'e.g. USDT (TRC20) wallet'}
        value={title}
        maxLength={100}
        onChange={(e) => setTitle(e.target.value)}
      />
      <Field
        label="Title in Hindi (optional)"
        className="admin-hindi"
        lang="hi"
        placeholder={kind === 'fiat' ? 'जैसे मुख्य UPI खाता' : 'जैसे USDT (TRC20) वॉलेट'}
        hint="Players reading in Hindi see it under the QR code; without it they see the title above."
        value={titleHi}
        maxLength={100}
        onChange={(e) => setTitleHi(e.target.value)}
      />
      <Field
        label={kind === 'fiat' ? 'UPI ID (optional)' : network ? `${NETWORK_LABELS[network]} address` : 'Wallet address'}
        placeholder={kind === 'fiat' ? 'e.g. rupeearcade@okaxis' : 'The address this QR code pays to'}
        hint={
          kind === 'fiat'
            ? 'Shown under the QR code with a copy button, for players who pay from the same phone.'
            : 'Shown beside the network with a copy button. It must be an address on that network: coins sent on another are lost.'
        }
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
