import { createElement } from 'react';
import { toast } from 'react-toastify';

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

/** Toasts with the spec's defaults (react-toastify's own: top-right, 5000 ms). */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
  /** An error toast with the spec's fixed message and, beneath it, the server's reason. */
  failure: (message: string, reason?: string) => toast.error(withDetail(message, reason)),
};
