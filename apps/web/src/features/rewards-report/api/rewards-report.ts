import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { answer, answerFile, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { saveBlob } from '@/lib/save-blob';

/** The months of the report as the page keeps them in the URL: YYYY-MM in the business's time zone; absent = the server's default. */
export interface RewardsRange {
  from?: string;
  to?: string;
}

/** The `from` and `to` query parameters of a range: only the months that are set. */
function rangeQuery(range: RewardsRange): { from?: string; to?: string } {
  return { from: range.from || undefined, to: range.to || undefined };
}

/**
 * GET /api/t/{slug}/reports/rewards?from=&to= → the contract's `RewardsReport`: per month (oldest
 * first) the bonuses of each reason with what of them was spent, referrals invited, joined and
 * converted, win-back offers sent and taken up, and the period's totals. Money in cents. The
 * previous months' figures stay on screen while others load; `enabled` false while the picked
 * months are not a valid range.
 * @throws {ApiError} 400 bad month or more than 24 months, 401, 403 not tenant_admin, 404 another tenant.
 */
export function useRewardsReport(slug: string, range: RewardsRange, enabled: boolean) {
  return useQuery({
    queryKey: [...tenantKeys.rewardsReport(slug), range],
    queryFn: ({ signal }) =>
      answer(
        client.GET('/api/t/{slug}/reports/rewards', {
          params: { path: { slug }, query: rangeQuery(range) },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * 'Download CSV': GET /api/t/{slug}/reports/rewards.csv?from=&to=, saved under the server's
 * name (rewards-{from}-{to}.csv). A failure is logged and kept in `isError`.
 */
export function useDownloadRewardsCsv(slug: string) {
  return useMutation({
    mutationFn: async (range: RewardsRange) => {
      const { blob, filename } = await answerFile(
        client.GET('/api/t/{slug}/reports/rewards.csv', { params: { path: { slug }, query: rangeQuery(range) }, parseAs: 'blob' }),
      );
      saveBlob(blob, filename ?? 'rewards.csv');
    },
    onError: (error) => console.error('Failed to download the rewards CSV:', error),
  });
}
