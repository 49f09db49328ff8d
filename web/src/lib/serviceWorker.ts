/** How long after the page's load event the app shell starts to be stored for offline starts. */
export const SHELL_DELAY_MS = 4000;

/**
 * Registers the service worker that keeps the app shell (vite.config.ts), once the first screen
 * has had time to load its own code and data. On a first visit the worker downloads every screen's
 * scripts (about 600 KB compressed): started at the load event, as usual, it would share a slow
 * phone's bandwidth with the screen's own requests and delay what the player came for.
 */
export function registerServiceWorkerLater(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  const whenIdle = () => ('requestIdleCallback' in window ? requestIdleCallback(register, { timeout: 10_000 }) : register());
  const start = () => setTimeout(whenIdle, SHELL_DELAY_MS);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
