/** The page's main landmark (AppLayout's <main id="main" tabIndex={-1}>), where focus goes when its place is gone. */
export function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** Whether focus has nowhere meaningful to be: on <body>, or inside something just closed. */
export function focusIsLost(closed?: Element | null): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || Boolean(closed?.contains(active));
}

/**
 * Gives focus back to the element that had it before a dialog opened. When that element has left
 * the page (or cannot take focus any more, e.g. it sat in a menu that closed), focus goes to <main>.
 */
export function restoreFocus(target: Element | null): void {
  if (target instanceof HTMLElement && target.isConnected && target !== document.body) {
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
  focusMain();
}
