import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { answer, answerFile, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { saveBlob } from '@/lib/save-blob';

/** The day and store of the report as the page keeps them in the URL: absent = the server's default (today in the business's time zone; every store the user may see). */
export interface EndOfDayFilter {
  /** YYYY-MM-DD, a day of the business's time zone. */
  date?: string;
  storeId?: string;
}

/** The `date` and `storeId` query parameters of a filter: only what was chosen. */
function dayQuery(filter: EndOfDayFilter): { date?: string; storeId?: string } {
  return { date: filter.date || undefined, storeId: filter.storeId || undefined };
}

/**
 * GET /api/t/{slug}/reports/end-of-day?date=&storeId= → the contract's `EndOfDayReport`
 * (docs/product.md 'Reports'): the day's movements per store and per staff member, and the totals.
 * Money in cents. The previous day's figures stay on screen while another loads; `enabled` false
 * while the chosen day cannot be asked for (a future day).
 * @throws {ApiError} 400 bad date or store id, 401, 403 another role or a cashier asking for another store, 404 unknown store.
 */
export function useEndOfDay(slug: string, filter: EndOfDayFilter, enabled: boolean) {
  return useQuery({
    queryKey: [...tenantKeys.endOfDay(slug), filter],
    queryFn: ({ signal }) =>
      answer(
        client.GET('/api/t/{slug}/reports/end-of-day', {
          params: { path: { slug }, query: dayQuery(filter) },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The two files of the report: the CSV (a line per staff member, store and the totals) and the printable PDF. */
type EndOfDayFile = 'csv' | 'pdf';

/** GET the report's `kind` file of `filter`; its bytes and the server's name for it. */
function fetchFile(slug: string, kind: EndOfDayFile, filter: EndOfDayFilter) {
  const params = { path: { slug }, query: dayQuery(filter) };
  return answerFile(
    kind === 'csv'
      ? client.GET('/api/t/{slug}/reports/end-of-day.csv', { params, parseAs: 'blob' })
      : client.GET('/api/t/{slug}/reports/end-of-day.pdf', { params, parseAs: 'blob' }),
  );
}

/**
 * 'Download CSV' and 'Download PDF': GET /api/t/{slug}/reports/end-of-day.csv (or .pdf)?date=&storeId=,
 * saved under the server's name (end-of-day-{date}.csv / .pdf). A failure is logged and kept in `isError`.
 */
export function useDownloadEndOfDay(slug: string, kind: EndOfDayFile) {
  return useMutation({
    mutationFn: async (filter: EndOfDayFilter) => {
      const { blob, filename } = await fetchFile(slug, kind, filter);
      saveBlob(blob, filename ?? `end-of-day.${kind}`);
    },
    onError: (error) => console.error(`Failed to download the end-of-day ${kind.toUpperCase()}:`, error),
  });
}
