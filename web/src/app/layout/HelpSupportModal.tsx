import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';

/** Where support chats open. Placeholders until the operator's own accounts are set. */
export const SUPPORT_LINKS = {
  whatsapp: 'https://wa.me/',
  telegram: 'https://t.me/',
} as const;

export function HelpSupportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Help & Support" onClose={onClose}>
      <p className="layout-help__text">Questions about a deposit, a withdrawal or a game? Chat with our support team.</p>
      <div className="layout-help__actions">
        <a className="btn btn--success btn--block" href={SUPPORT_LINKS.whatsapp} target="_blank" rel="noopener noreferrer">
          <Icon name="chat" size={20} /> Chat on WhatsApp
        </a>
        <a className="btn btn--secondary btn--block layout-help__telegram" href={SUPPORT_LINKS.telegram} target="_blank" rel="noopener noreferrer">
          <Icon name="send" size={20} /> Chat on Telegram
        </a>
      </div>
    </Modal>
  );
}
