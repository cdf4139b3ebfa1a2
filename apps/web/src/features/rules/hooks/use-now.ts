import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` milliseconds (default 30 s) and whenever
 * `resetKey` changes (e.g. the offers list was reloaded after a save), so that offer badges
 * and the cashback preview follow offers that start or end while the page is open, and an
 * offer created to start this minute shows Active at once instead of Scheduled until the
 * next tick.
 */
export function useNow(everyMs = 30_000, resetKey?: unknown): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    setNow(new Date());
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs, resetKey]);
  return now;
}
