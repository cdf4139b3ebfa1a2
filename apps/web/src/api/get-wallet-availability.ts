import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from './client';
import { installKeys } from './keys';

/**
 * GET /api/wallet (no sign-in): which phone wallets this install issues passes for,
 * `{ apple: boolean, google: boolean }` (docs/product.md 'Wallet passes'). It changes only with the server's
 * configuration, so it is read once per page load.
 */
function getWalletAvailability(options?: { signal?: AbortSignal }) {
  return answer(client.GET('/api/wallet', { signal: options?.signal }));
}

/** Query options of {@link getWalletAvailability}: never stale within a page load. */
function walletAvailabilityQueryOptions() {
  return queryOptions({
    queryKey: installKeys.walletAvailability(),
    queryFn: ({ signal }) => getWalletAvailability({ signal }),
    staleTime: Infinity,
  });
}

/**
 * Whether the 'Add to Apple Wallet' buttons work here: true once GET /api/wallet said so; false
 * while it loads and when it fails (a button that downloads nothing is worse than none).
 */
export function useAppleWalletAvailable(): boolean {
  return useQuery({ ...walletAvailabilityQueryOptions(), select: (a) => a.apple }).data === true;
}

/**
 * Whether the 'Save to Google Wallet' buttons work here: true once GET /api/wallet said so;
 * false while it loads and when it fails.
 */
export function useGoogleWalletAvailable(): boolean {
  return useQuery({ ...walletAvailabilityQueryOptions(), select: (a) => a.google }).data === true;
}
