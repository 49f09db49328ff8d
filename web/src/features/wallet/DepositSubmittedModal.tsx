import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { t } from '../../lib/i18n';

export function DepositSubmittedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title={t('Deposit Submitted')}
      onClose={onClose}
      hideClose
      actions={
        <Button variant="primary" onClick={onClose}>
          {t('Close')}
        </Button>
      }
    >
      <p className="wallet-modal__text">
        <span className="wallet-modal__tick" aria-hidden="true">
          ✓
        </span>
        {t('Your deposit request has been submitted successfully!')}
      </p>
    </Modal>
  );
}
