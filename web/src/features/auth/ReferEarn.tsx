import { useId } from 'react';
import { Button } from '../../components/ui/Button';
import { Icon } from '../../components/ui/Icon';
import { Modal } from '../../components/ui/Modal';
import { ErrorRetry } from '../../components/ui/States';
import { copyText } from '../../lib/clipboard';
import { notify } from '../../lib/toast';
import { useReferralLink } from './auth.api';
import './auth.css';
import { t, tk } from '../../lib/i18n';

export const REFER_TITLE = tk('Refer & Earn');

/** The player's referral link with Copy and Share via WhatsApp; both wait until a link exists. */
export function ReferEarnPanel() {
  const inputId = useId();
  const { data: link, isError, isFetching, refetch } = useReferralLink();

  const copy = async () => {
    if (!link) return;
    try {
      await copyText(link);
      notify.success(t('Copied to clipboard!'));
    } catch (err) {
      console.error('copy', err);
    }
  };

  return (
    <div className="auth-refer">
      <div className="auth-refer__art" aria-hidden="true">
        <Icon name="gift" size={40} />
      </div>
      <p className="auth-refer__text">{t('Share your unique link and earn rewards when friends join!')}</p>
      {isError && !link ? (
        // Logged above too; without this the field would read "Generating link..." for ever.
        <ErrorRetry onRetry={() => void refetch()} busy={isFetching}>
          {t('Could not create your referral link right now.')}
        </ErrorRetry>
      ) : (
        <>
          <label htmlFor={inputId} className="visually-hidden">
            {t('Your referral link')}
          </label>
          <input
            id={inputId}
            className="auth-refer__link"
            readOnly
            value={link ?? ''}
            placeholder={t('Generating link...')}
            onFocus={(e) => e.target.select()}
          />
        </>
      )}
      <div className="auth-refer__actions">
        <Button variant="secondary" disabled={!link} onClick={copy}>
          <Icon name="copy" size={18} /> {t('Copy')}
        </Button>
        <Button
          variant="success"
          disabled={!link}
          onClick={() => link && window.open(`https://wa.me/?text=${encodeURIComponent(link)}`, '_blank', 'noopener,noreferrer')}
        >
          <Icon name="chat" size={18} /> {t('Share via WhatsApp')}
        </Button>
      </div>
    </div>
  );
}

export function ReferEarnModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title={t(REFER_TITLE)} onClose={onClose}>
      <ReferEarnPanel />
    </Modal>
  );
}
