import { useSearchParams } from 'react-router';
import type { LiabilityRange } from '../api/liability';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The Liability page's period, kept in the URL (`?from=&to=`, YYYY-MM-DD) so a reload or a
 * shared link shows the same figures. A missing or malformed date reads as absent (the
 * server's default). `setDate` writes one end; '' removes it.
 */
export function useLiabilityRange(): { range: LiabilityRange; setDate: (key: 'from' | 'to', value: string) => void } {
  const [params, setParams] = useSearchParams();
  const read = (key: 'from' | 'to') => {
    const v = params.get(key);
    return v && DATE.test(v) ? v : undefined;
  };
  const range = { from: read('from'), to: read('to') };
  const setDate = (key: 'from' | 'to', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return { range, setDate };
}
