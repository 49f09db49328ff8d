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

type Kind = 'success' | 'error' | 'info';

/** The toast each kind shows now: one at a time per kind, so toasts never pile up over the screen. */
const showing = new Map<Kind, { id: string; key: string }>();
let shown = 0;

/**
 * Shows a toast. The same text again while it is up is the same toast (one event never shows
 * twice); another toast of its kind replaces it; and a success takes away the error before it (a
 * failed try followed by one that worked leaves only the success on screen).
 */
function show(kind: Kind, content: ReactNode, key: string): void {
  if (!toastAsked) {
    toastAsked = true;
    wanted.forEach((listener) => listener());
    wanted.clear();
  }
  void loadToastify().then(({ toast }) => {
    const current = showing.get(kind);
    if (current?.key === key && toast.isActive(current.id)) return;
    if (current) toast.dismiss(current.id);
    const error = showing.get('error');
    if (kind === 'success' && error) {
      toast.dismiss(error.id);
      showing.delete('error');
    }
    const id = `${kind}:${++shown}`;
    showing.set(kind, { id, key });
    const onClose = () => {
      if (showing.get(kind)?.id === id) showing.delete(kind);
    };
    toast[kind](content, { toastId: id, onClose } satisfies ToastOptions);
  });
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

/** Toasts with the original app's timing (react-toastify's 5000 ms), at the bottom (ToastContainer.tsx). */
export const notify = {
  success: (message: string) => show('success', message, message),
  error: (message: string) => show('error', message, message),
  info: (message: string) => show('info', message, message),
  /** An error toast with the original app's fixed message and, beneath it, the server's reason. */
  failure: (message: string, reason?: string) => show('error', withDetail(message, reason), `${message}\n${reason ?? ''}`),
  /** Takes away the error on screen, when a flow's success is shown another way (a dialog). */
  dismissErrors: () => {
    const error = showing.get('error');
    if (!error) return;
    showing.delete('error');
    void loadToastify().then(({ toast }) => toast.dismiss(error.id));
  },
};
