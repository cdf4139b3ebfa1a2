import { useSearchParams } from 'react-router';
import type { EndOfDayFilter } from '../api/end-of-day';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The address's parameter of each part of the filter. */
const PARAM = { date: 'date', storeId: 'store' } as const;

/**
 * The End of day page's day and store, kept in the URL (`?date=YYYY-MM-DD&store=uuid`) so a
 * reload or a shared link shows the same figures. A missing or malformed value reads as absent
 * (the server's default: today, every store the user may see). `set` writes one part; '' removes it.
 */
export function useEndOfDayFilter(): { filter: EndOfDayFilter; set: (key: keyof EndOfDayFilter, value: string) => void } {
  const [params, setParams] = useSearchParams();
  const date = params.get(PARAM.date);
  const storeId = params.get(PARAM.storeId);
  const filter = { date: date && DATE.test(date) ? date : undefined, storeId: storeId && UUID.test(storeId) ? storeId : undefined };
  const set = (key: keyof EndOfDayFilter, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(PARAM[key], value);
        else next.delete(PARAM[key]);
        return next;
      },
      { replace: true },
    );
  return { filter, set };
}
