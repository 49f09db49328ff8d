import { useEffect } from 'react';

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const ACTIVATES_ON_SPACE = new Set(['BUTTON', 'A', 'SUMMARY']);

/**
 * Space walks, C cashes out. Keys typed into a field stay in the field, Space on a focused
 * button keeps its native meaning, and an open dialog keeps its own keys.
 */
export function useGameKeys({ go, cashOut, enabled }: { go: () => unknown; cashOut: () => unknown; enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.repeat) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      if (target && (TYPING.has(target.tagName) || target.isContentEditable)) return;
      if (document.querySelector('dialog[open]')) return;
      if (e.key === ' ' || e.code === 'Space') {
        if (target && ACTIVATES_ON_SPACE.has(target.tagName)) return;
        e.preventDefault();
        go();
      } else if (e.key === 'c' || e.key === 'C') {
        e.preventDefault();
        cashOut();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go, cashOut, enabled]);
}
