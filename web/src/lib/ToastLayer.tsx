import { lazy, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { onFirstToast } from './toast';

const ToastContainer = lazy(() => import('./ToastContainer'));

/**
 * Whether the toast container should be on the page: from the first toast on. Until then no
 * screen needs it, and a first visit does not download it (the service worker, registered a few
 * seconds after the first screen, keeps it for later visits).
 */
function useToastsNeeded(): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => onFirstToast(() => setNeeded(true)), []);
  return needed;
}

/** The innermost open dialog, where toasts must go to be seen (and heard) above a modal's backdrop. */
function topDialog(): Element | null {
  const open = document.querySelectorAll('dialog[open]');
  return open.length ? open[open.length - 1] : null;
}

/**
 * The page's one toast container. A modal dialog covers the rest of the page and makes it inert, so
 * the container's element moves into whichever modal dialog is open (and back out when it closes).
 * React renders into the element wherever it is, so toasts already showing stay on screen.
 */
export function ToastLayer() {
  const needed = useToastsNeeded();
  const [layer] = useState(() => {
    const el = document.createElement('div');
    el.className = 'toast-layer';
    return el;
  });
  // Placed and following the dialogs only once toasts are needed: until then the page's every
  // change need not be watched.
  useEffect(() => {
    if (!needed) return;
    const place = () => {
      const host = topDialog() ?? document.body;
      if (layer.parentNode !== host) host.appendChild(layer);
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      layer.remove();
    };
  }, [layer, needed]);
  return needed
    ? createPortal(
        <Suspense fallback={null}>
          <ToastContainer />
        </Suspense>,
        layer,
      )
    : null;
}
