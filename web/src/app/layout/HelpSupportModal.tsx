import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { useSiteSettings } from '../../lib/useSiteSettings';
import { t } from '../../lib/i18n';

/** Help & Support: chat buttons for the contacts the operator configured (SUPPORT_WHATSAPP, SUPPORT_TELEGRAM). */
export function HelpSupportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const support = useSiteSettings().data?.support;
  const none = support && !support.whatsapp && !support.telegram;
  return (
    <Modal open={open} title={t('Help & Support')} onClose={onClose}>
      <p className="layout-help__text">{t('Questions about a deposit, a withdrawal or a game? Chat with our support team.')}</p>
      {none ? (
        <p className="layout-help__text">{t('Support chat is not available yet. Please try again later.')}</p>
      ) : (
        <div className="layout-help__actions">
          {support?.whatsapp && (
            <a className="btn btn--success btn--block" href={support.whatsapp} target="_blank" rel="noopener noreferrer">
              <Icon name="chat" size={20} /> {t('Chat on WhatsApp')}
            </a>
          )}
          {support?.telegram && (
            <a className="btn btn--secondary btn--block layout-help__telegram" href={support.telegram} target="_blank" rel="noopener noreferrer">
              <Icon name="send" size={20} /> {t('Chat on Telegram')}
            </a>
          )}
        </div>
      )}
    </Modal>
  );
}
