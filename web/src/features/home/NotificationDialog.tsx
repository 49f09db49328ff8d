import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Modal } from '../../components/ui/Modal';
import { useNotification } from './home.api';
import { t } from '../../lib/i18n';
import { ownText } from '../../lib/ownText';

export const CLOSED_AT_KEY = 'aboutDialogClosedAt';
/** The text that was closed: a different message shows again even within the hour. */
export const CLOSED_MESSAGE_KEY = 'aboutDialogClosedMessage';
export const SUPPRESS_MS = 60 * 60 * 1000;

/** This message was closed less than an hour ago. */
const closedRecently = (message: string) => {
  const at = Number(localStorage.getItem(CLOSED_AT_KEY));
  return Number.isFinite(at) && at > 0 && Date.now() - at < SUPPRESS_MS && localStorage.getItem(CLOSED_MESSAGE_KEY) === message;
};

/** Keeps this message away for the next hour. */
const rememberClosed = (message: string) => {
  localStorage.setItem(CLOSED_AT_KEY, String(Date.now()));
  localStorage.setItem(CLOSED_MESSAGE_KEY, message);
};

/**
 * The site-wide message (`GET /notification/get`), in Hindi for a Hindi reader where the back office
 * wrote it, shown unless this same message was closed within the last hour.
 */
export function NotificationDialog() {
  const [closed, setClosed] = useState<string | null>(null);
  const { data } = useNotification();
  // Read in the language shown now: the answer stays cached across a change of language. Closing is
  // remembered by the English text, the message whichever language shows it.
  const message = data ? ownText(data.message, data.messageHi).trim() : '';
  const english = data?.message.trim() ?? '';
  const close = () => {
    rememberClosed(english);
    setClosed(english);
  };
  const open = Boolean(message) && closed !== english && !closedRecently(english);
  return (
    <Modal open={open} title={t('Notification')} onClose={close} actions={<Button onClick={close}>{t('OK')}</Button>}>
      <p className="home-notice__text">{message}</p>
    </Modal>
  );
}
