import type { PublicCardResponse } from '@loyalty/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/**
 * Query keys of the public card page. Kept apart from the tenant keys (`['tenants', slug, …]`):
 * this data is public, and the same card read with and without a token gives different answers.
 */
const publicCardKeys = {
  card: (slug: string, cardUid: string, token: string | null) => ['public-card', slug, cardUid, token] as const,
};

/**
 * GET /api/{slug}/c/{cardUid}?t={token} (docs/product.md 'Cards'). No login; cookies are sent but
 * not needed. `token` is the `t` query parameter of the page URL (the QR code's HMAC); it is left
 * out when absent or empty.
 * @returns the card: `cardUid`, `status`, `balanceCents` (integer cents), `tenantName` and
 *   `full`. Only when `full` (a valid token): `holderName`, `customer` (name, email, phone, tier)
 *   or null when unassigned, `storeName`, `activatedAt` (ISO) and up to 5 `transactions`.
 *   `null` when the server answers without a body (the page shows 'Invalid Card').
 * @throws {ApiError} 404 unknown card or tenant, 400 malformed UID, 429 rate limited, 0 network failure.
 */
function getPublicCard(slug: string, cardUid: string, token: string | null, options?: { signal?: AbortSignal }): Promise<PublicCardResponse | null> {
  const query = token ? { t: token } : {};
  return answer(client.GET('/api/{slug}/c/{cardUid}', { params: { path: { slug, cardUid }, query }, signal: options?.signal })).then((card) => card ?? null);
}

/** Query options of {@link getPublicCard}. 4xx answers are not retried (the query client's default). */
function publicCardQueryOptions(slug: string, cardUid: string, token: string | null) {
  return queryOptions({
    queryKey: publicCardKeys.card(slug, cardUid, token || null),
    queryFn: ({ signal }) => getPublicCard(slug, cardUid, token || null, { signal }),
    staleTime: 30_000,
  });
}

/**
 * The card shown on the public card page /{slug}/c/{cardUid}?t=.
 *
 * @param slug Tenant slug from the page path.
 * @param cardUid Card UID from the page path, as written in the URL.
 * @param token The page URL's `t` parameter, or null: without a valid token the answer has
 *   `full: false` and carries only the card number, status, balance and business name.
 * @returns the TanStack query: `data` is the {@link PublicCardResponse} (or null for an empty
 *   answer); `error` an ApiError (404 for an unknown card). Idle while slug or UID is empty.
 */
export function usePublicCard(slug: string, cardUid: string, token: string | null) {
  return useQuery({ ...publicCardQueryOptions(slug, cardUid, token), enabled: Boolean(slug && cardUid) });
}
