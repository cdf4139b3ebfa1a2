import { useEffect, useState } from 'react';

/**
 * `value`, updated only after it stopped changing for `delay` ms (the tenant search box: 300 ms,
 * spec §9 'Timings'). A copy of the customers feature's hook: features do not import each other.
 */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return debounced;
}
