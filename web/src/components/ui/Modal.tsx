import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { focusIsLost, restoreFocus } from '../../lib/focus';
import { t } from '../../lib/i18n';

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom. */
  actions?: ReactNode;
  /** Hide the × button (when the dialog must be answered). */
  hideClose?: boolean;
}

/**
 * An accessible dialog on the native <dialog>: focus is trapped, Escape closes it, and on closing focus
 * returns to what had it before (or to <main> when that is gone), not to <body>.
 */
export function Modal({ open, title, onClose, children, actions, hideClose }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // A layout effect: it reads the focused element before anything inside the dialog takes focus.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open) {
        if (typeof dialog.close === 'function') dialog.close();
        else dialog.removeAttribute('open');
      }
      // After the commit: the close may also have removed the opener (a page change, a submit button
      // that hides once the form resets), and only then is it known whether it is still there. A dialog
      // opened again meanwhile (StrictMode runs effects twice) keeps its focus.
      queueMicrotask(() => {
        if (!dialog.open && focusIsLost(dialog)) restoreFocus(opener);
      });
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="modal__panel">
        <div className="modal__head">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {!hideClose && (
            <button type="button" className="modal__close" aria-label={t('Close')} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal__body">{children}</div>
        {actions && <div className="modal__actions">{actions}</div>}
      </div>
    </dialog>
  );
}
