// The toast container and its styles, in their own chunk (ToastLayer loads it when first needed).
import { useEffect, useRef, type RefObject } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { t, useLanguage } from './i18n';

/** react-toastify's own close button, named in the player's language (its own name is English "close"), and apart from a dialog's Close. */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('Close notification')}
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path fillRule="evenodd" d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z" />
      </svg>
    </button>
  );
}

/**
 * Names each toast's progress bar in the player's language: react-toastify writes "notification
 * timer" on it and takes no other name, so the name is set on each bar as it appears (React never
 * writes that attribute again, as its own value does not change).
 */
function useTimerNames(root: RefObject<HTMLDivElement | null>, language: string) {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const name = t('Notification timer');
    const rename = () => {
      for (const bar of el.querySelectorAll('[role="progressbar"]')) if (bar.getAttribute('aria-label') !== name) bar.setAttribute('aria-label', name);
    };
    rename();
    const observer = new MutationObserver(rename);
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label'] });
    return () => observer.disconnect();
  }, [root, language]);
}

/**
 * Toasts rise from the bottom, above the tab bar: the header, the screen's title and the balance
 * stay readable while a toast says what happened to them (react-toastify's default, top-right,
 * covered them on a phone). Full width on phones (react-toastify's own styles below 480 px). Every
 * name a screen reader reads on them is in the player's language.
 */
export default function DarkToastContainer() {
  const language = useLanguage();
  const root = useRef<HTMLDivElement>(null);
  useTimerNames(root, language);
  return (
    <div ref={root} className="toast-root">
      <ToastContainer theme="dark" position="bottom-center" aria-label={t('Notifications Alt+T')} closeButton={CloseButton} />
    </div>
  );
}
