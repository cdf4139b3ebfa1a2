import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantApi, tenantKeys } from '@/api/keys';
import { requestFile } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';

/** The period of the report as the page keeps it in the URL: YYYY-MM-DD in the tenant's time zone; absent = the server's default. */
export interface LiabilityRange {
  from?: string;
  to?: string;
}

/** `?from=&to=` of a range (only the dates that are set), '' when none. */
function rangeQuery(range: LiabilityRange): string {
  const q = new URLSearchParams();
  if (range.from) q.set('from', range.from);
  if (range.to) q.set('to', range.to);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * GET /api/t/{slug}/reports/liability?from=&to= → the contract's `LiabilityReport` (docs/product.md
 * 'Reports'): outstanding now, cards with balance, expiring in 30 days, by store and by age, the
 * period's movements and one series entry per day. Money in cents. The previous period's figures
 * stay on screen while another loads.
 * @throws {ApiError} 400 bad date, 401, 403 not tenant_admin, 404 another tenant.
 */
export function useLiability(slug: string, range: LiabilityRange) {
  return useQuery({
    queryKey: [...tenantKeys.liability(slug), range],
    queryFn: ({ signal }) =>
      answer(
        client.GET('/api/t/{slug}/reports/liability', {
          params: { path: { slug }, query: { from: range.from || undefined, to: range.to || undefined } },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * 'Download CSV': GET /api/t/{slug}/reports/liability.csv?from=&to=, saved under the server's
 * name (liability-{from}-{to}.csv). A failure is logged and kept in `isError`.
 */
export function useDownloadLiabilityCsv(slug: string) {
  return useMutation({
    mutationFn: async (range: LiabilityRange) => {
      const { blob, filename } = await requestFile('GET', `${tenantApi(slug)}/reports/liability.csv${rangeQuery(range)}`);
      saveBlob(blob, filename ?? 'liability.csv');
    },
    onError: (error) => console.error('Failed to download the liability CSV:', error),
  });
}
