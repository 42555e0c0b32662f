import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (ms since epoch), never negative. */
export function secondsUntil(until: number, now: number): number {
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/**
 * Seconds left until a deadline, re-rendering every second while it runs.
 * `until` is null when there is no deadline.
 */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const tick = () => setNow(Date.now());
    const timer = window.setInterval(tick, 250);
    const first = window.setTimeout(tick, 0);
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(first);
    };
  }, [until]);
  return until === null ? 0 : secondsUntil(until, now);
}
