import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `everyMs` milliseconds (default 30 s), so that offer badges
 * and the cashback preview follow offers that start or end while the page is open.
 */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(id);
  }, [everyMs]);
  return now;
}
