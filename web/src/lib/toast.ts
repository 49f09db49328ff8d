import { createElement } from 'react';
import { toast, type ToastOptions } from 'react-toastify';

/** A headline with a smaller second line, such as the server's reason under a fixed message. */
const withDetail = (message: string, detail?: string) =>
  detail && detail !== message
    ? createElement(
        'div',
        { className: 'toast-detail' },
        createElement('div', null, message),
        createElement('div', { className: 'toast-detail__reason' }, detail),
      )
    : message;

/** The same text shown again while the first is still up is the same toast: one event never shows twice. */
const once = (kind: string, key: string): ToastOptions => ({ toastId: `${kind}:${key}` });

/** Toasts with the spec's defaults (react-toastify's own: top-right, 5000 ms). */
export const notify = {
  success: (message: string) => toast.success(message, once('success', message)),
  error: (message: string) => toast.error(message, once('error', message)),
  info: (message: string) => toast.info(message, once('info', message)),
  /** An error toast with the spec's fixed message and, beneath it, the server's reason. */
  failure: (message: string, reason?: string) => toast.error(withDetail(message, reason), once('error', `${message}\n${reason ?? ''}`)),
};
