import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before something may be done again. Counted from the clock rather than by ticks,
 * so a phone that sleeps or a throttled background tab still shows the true time left.
 * `initialSeconds` starts the count with the first drawing (something was just done).
 */
export function useCooldown(initialSeconds = 0) {
  const [now, setNow] = useState(() => (initialSeconds > 0 ? Date.now() : 0));
  const [until, setUntil] = useState(() => (initialSeconds > 0 ? now + Math.ceil(initialSeconds) * 1000 : 0));
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) {
        clearInterval(timer);
        setUntil(0);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(seconds > 0 ? t + Math.ceil(seconds) * 1000 : 0);
  }, []);
  const left = until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
  return { left, start, active: left > 0 };
}

/** The seconds a 429 answer asks to wait, from `data.retryAfter` or `retryAfter`, else the fallback. */
export function retryAfterOf(body: unknown, fallback: number): number {
  const b = body as { retryAfter?: unknown; data?: { retryAfter?: unknown } } | null | undefined;
  const value = Number(b?.data?.retryAfter ?? b?.retryAfter);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
