import { useState } from 'react';
import { COIN_LABELS, NETWORK_LABELS } from '../../../../../contracts/crypto';
import type { QrCode } from '../../../../../contracts/wallet.answers';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { ErrorText, Loading } from '../../../components/ui/States';
import { errorMessage } from '../../../lib/api';
import { useQrCodes, type QrKind } from '../../../lib/qrCodes';
import { notify } from '../../../lib/toast';
import { useDeleteQr } from '../admin.api';
import { CryptoRatesPanel } from './CryptoRatesPanel';
import { QrReplaceDialog } from './QrReplaceDialog';
import { QrUploadForm } from './QrUploadForm';
import { SectionHead } from './SectionHead';

/** Whether players can pay to a crypto code, and if not, why. */
function cryptoStatus(qr: QrCode): { offered: boolean; text: string } {
  if (!qr.coin || !qr.network) return { offered: false, text: 'Not offered: it names no coin or network. Delete it and add it again with them.' };
  if (!qr.rate) return { offered: false, text: `Not offered until ${COIN_LABELS[qr.coin]} has a rate.` };
  return { offered: true, text: 'Offered to players' };
}

/** Replace (a new image in one step) and Delete for one code. */
function QrActions({ onReplace, onDelete }: { onReplace: () => void; onDelete: () => void }) {
  return (
    <div className="admin-qr__actions">
      <Button variant="secondary" onClick={onReplace}>
        Replace
      </Button>
      <Button variant="danger" onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}

function QrItem({ qr, onReplace, onDelete }: { qr: QrCode; onReplace: () => void; onDelete: () => void }) {
  return (
    <li className="admin-qr">
      <img src={qr.imageUrl} alt={`QR code: ${qr.title}`} className="admin-qr__image" />
      <span className="admin-qr__title">{qr.title}</span>
      {qr.titleHi && (
        <span className="admin-qr__title admin-hindi" lang="hi">
          {qr.titleHi}
        </span>
      )}
      {qr.payTo && <code className="admin-qr__address">{qr.payTo}</code>}
      <QrActions onReplace={onReplace} onDelete={onDelete} />
    </li>
  );
}

/** A crypto code as a row: its image, the coin and network it receives, its address, and whether players are offered it. */
function CryptoQrItem({ qr, onReplace, onDelete }: { qr: QrCode; onReplace: () => void; onDelete: () => void }) {
  const status = cryptoStatus(qr);
  return (
    <li className="admin-crypto-code">
      <img src={qr.imageUrl} alt={`QR code: ${qr.title}`} className="admin-crypto-code__image" />
      <div className="admin-crypto-code__info">
        <strong className="admin-qr__pair">{qr.coin && qr.network ? `${COIN_LABELS[qr.coin]} · ${NETWORK_LABELS[qr.network]}` : 'No coin or network'}</strong>
        <span className="admin-qr__title">{qr.title}</span>
        {qr.titleHi && (
          <span className="admin-qr__title admin-hindi" lang="hi">
            {qr.titleHi}
          </span>
        )}
        {qr.payTo && <code className="admin-qr__address">{qr.payTo}</code>}
        <span className={status.offered ? 'admin-qr__offered' : 'admin-card__warning'}>{status.text}</span>
      </div>
      <QrActions onReplace={onReplace} onDelete={onDelete} />
    </li>
  );
}

/**
 * The payment QR codes players see. UPI: an upload form when there is none, else the image with
 * Replace (a new image in one step) and Delete. Crypto: the coins' rates, every code with the coin and network it receives, and a form to
 * add one beside them (one per coin and network).
 */
export function QrCodeSection({ kind, title }: { kind: QrKind; title: string }) {
  const qrCodes = useQrCodes(kind);
  const remove = useDeleteQr(kind);
  const [asking, setAsking] = useState<string | null>(null);
  const [replacing, setReplacing] = useState<QrCode | null>(null);

  const confirm = () => {
    if (!asking) return;
    remove.mutate(asking, {
      onSuccess: () => notify.success('Deleted successfully'),
      onError: (err) => notify.error(errorMessage(err, 'Failed to delete')),
      onSettled: () => setAsking(null),
    });
  };

  const list = (codes: QrCode[]) =>
    kind === 'crypto' ? (
      <ul className="admin-crypto-codes">
        {codes.map((qr) => (
          <CryptoQrItem key={qr._id} qr={qr} onReplace={() => setReplacing(qr)} onDelete={() => setAsking(qr._id)} />
        ))}
      </ul>
    ) : (
      <ul className="admin-qr-list">
        {codes.map((qr) => (
          <QrItem key={qr._id} qr={qr} onReplace={() => setReplacing(qr)} onDelete={() => setAsking(qr._id)} />
        ))}
      </ul>
    );

  let body;
  if (qrCodes.isPending) body = <Loading />;
  else if (qrCodes.isError) body = <ErrorText>{errorMessage(qrCodes.error, 'Failed to load the QR code')}</ErrorText>;
  else if (kind === 'crypto')
    body = (
      <div className="admin-crypto">
        <div className="card admin-panel" role="group" aria-labelledby="crypto-codes-title">
          <h2 id="crypto-codes-title" className="admin-panel__title">
            Codes
          </h2>
          {qrCodes.data.length ? list(qrCodes.data) : <p className="admin-panel__hint">No crypto QR codes yet: players are not offered crypto.</p>}
        </div>
        <div className="card admin-panel" role="group" aria-labelledby="crypto-add-title">
          <h2 id="crypto-add-title" className="admin-panel__title">
            Add a crypto QR code
          </h2>
          <QrUploadForm kind={kind} taken={qrCodes.data.filter((c) => c.coin && c.network).map((c) => `${c.coin}:${c.network}`)} />
        </div>
      </div>
    );
  else body = <div className="card admin-panel">{qrCodes.data.length ? list(qrCodes.data) : <QrUploadForm kind={kind} />}</div>;

  return (
    <section className="admin-section">
      <SectionHead title={title} />
      {kind === 'crypto' && <CryptoRatesPanel />}
      {body}
      {replacing && <QrReplaceDialog kind={kind} qr={replacing} onClose={() => setReplacing(null)} />}
      <ConfirmDialog
        open={asking !== null}
        title="Delete QR Code"
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setAsking(null)}
      >
        <p className="admin-confirm__text">
          {kind === 'crypto'
            ? 'Players will no longer be offered this coin and network until a new code is added for it. Delete it?'
            : 'Players will see no QR code to pay to until a new one is uploaded. To change the image without that gap, use Replace. Delete it?'}
        </p>
      </ConfirmDialog>
    </section>
  );
}
