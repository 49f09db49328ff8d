import { createElement, type ReactNode } from 'react';
import type { ToastOptions } from 'react-toastify';

/**
 * react-toastify comes with the first toast (ToastLayer), not with the app's first script: no
 * screen needs it to appear. A toast asked for before its container is on the page waits in
 * react-toastify's queue and shows when the container mounts.
 */
const loadToastify = () => import('react-toastify');

const wanted = new Set<() => void>();
let toastAsked = false;

/** Calls `listener` when the first toast is asked for (at once if one already was); answers how to stop. */
export function onFirstToast(listener: () => void): () => void {
  if (toastAsked) {
    listener();
    return () => undefined;
  }
  wanted.add(listener);
  return () => wanted.delete(listener);
}

function show(kind: 'success' | 'error' | 'info', content: ReactNode, options: ToastOptions): void {
  if (!toastAsked) {
    toastAsked = true;
    wanted.forEach((listener) => listener());
    wanted.clear();
  }
  void loadToastify().then(({ toast }) => toast[kind](content, options));
}

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

/** Toasts with the original app's defaults (react-toastify's own: top-right, 5000 ms). */
export const notify = {
  success: (message: string) => show('success', message, once('success', message)),
  error: (message: string) => show('error', message, once('error', message)),
  info: (message: string) => show('info', message, once('info', message)),
  /** An error toast with the original app's fixed message and, beneath it, the server's reason. */
  failure: (message: string, reason?: string) => show('error', withDetail(message, reason), once('error', `${message}\n${reason ?? ''}`)),
};
