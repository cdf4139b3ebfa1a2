import type { JoinAcceptedResponse, JoinConfirmResponse, JoinPageResponse, JoinReferralResponse, JoinRequest } from '@loyalty/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { answer, client } from '@/api/client';

/** Query keys of the join pages: public data, apart from the tenant keys. */
const joinKeys = {
  page: (slug: string, storeId: string) => ['join', slug, storeId] as const,
  referral: (slug: string, code: string) => ['join', slug, 'referral', code] as const,
};

/**
 * GET /api/join/{slug}/stores/{storeId} (docs/product.md 'Online sign-up'; public).
 * @returns `{ businessName, storeName }` of a store that takes sign-ups.
 * @throws {ApiError} 404 'This sign-up page is not available' (unknown business or store,
 *   inactive, or self-enrolment off), 429, 0 network failure.
 */
function getJoinPage(slug: string, storeId: string, options?: { signal?: AbortSignal }): Promise<JoinPageResponse> {
  return answer(client.GET('/api/join/{slug}/stores/{storeId}', { params: { path: { slug, storeId } }, signal: options?.signal }));
}

/**
 * GET /api/join/{slug}/referral/{code} (docs/product.md 'Rewards'; public): a referral link's join page.
 * @returns `{ businessName, storeName, storeId, referrerFirstName }`: the store the friend joins at.
 * @throws {ApiError} 404 'This sign-up page is not available' (unknown business or code, or no store
 *   takes sign-ups), 429, 0 network failure.
 */
function getReferralPage(slug: string, code: string, options?: { signal?: AbortSignal }): Promise<JoinReferralResponse> {
  return answer(client.GET('/api/join/{slug}/referral/{code}', { params: { path: { slug, code } }, signal: options?.signal }));
}

/**
 * The join page's heading data: the poster's store `storeId`, or, for a referral link without one,
 * the store and referrer of `referralCode` (then `storeId` and `referrerFirstName` come with it).
 * Not fetched with neither; 4xx not retried (the client's default).
 */
export function useJoinPage(slug: string, storeId: string, referralCode: string | null = null) {
  const byReferral = !storeId && !!referralCode;
  return useQuery(
    queryOptions<JoinPageResponse & Partial<Pick<JoinReferralResponse, 'storeId' | 'referrerFirstName'>>>({
      queryKey: byReferral ? joinKeys.referral(slug, referralCode) : joinKeys.page(slug, storeId),
      queryFn: ({ signal }) => (byReferral ? getReferralPage(slug, referralCode, { signal }) : getJoinPage(slug, storeId, { signal })),
      enabled: Boolean(slug && (storeId || byReferral)),
      staleTime: 60_000,
    }),
  );
}

/**
 * POST /api/join/{slug} JoinRequest (ADR 0019): a sign-up, with the robot check's `altcha`
 * payload (ADR 0027).
 * @returns 202 `{ message }`, always 'Almost there! …', whatever the address.
 * @throws {ApiError} 400 with `details` per field (consent, e-mail, names, phone, altcha), 404
 *   the store takes no sign-ups, 422 the robot check failed or was used, or no room for new
 *   members online, 429 'Too many sign-ups from this network…' or the store's daily cap, 0
 *   network failure.
 */
function postJoin(slug: string, body: JoinRequest): Promise<JoinAcceptedResponse> {
  return answer(client.POST('/api/join/{slug}', { params: { path: { slug } }, body }));
}

/** Sign-up mutation (see {@link postJoin}). */
export function useJoin(slug: string) {
  return useMutation({ mutationFn: (body: JoinRequest) => postJoin(slug, body) });
}

/**
 * POST /api/join/{slug}/confirm `{ token }`: opens the e-mailed link; creates the
 * customer and the digital card the first time, answers the same card afterwards.
 * @returns `{ businessName, firstName, storeName, card: { cardUid, qrUrl, balanceCents } }`.
 * @throws {ApiError} 400 link not valid or expired, 404 sign-up closed at the store, 409 already a
 *   member, 422 no room for new members online, 429 the store's daily cap or too many requests, 0 network failure.
 */
function postJoinConfirm(slug: string, token: string): Promise<JoinConfirmResponse> {
  return answer(client.POST('/api/join/{slug}/confirm', { params: { path: { slug } }, body: { token } }));
}

/**
 * The confirmation of the link in the address bar, run once per (slug, token) as a query (the
 * server answers the same card again, so a second run in development's strict mode is harmless);
 * never refetched or retried.
 */
export function useJoinConfirm(slug: string, token: string) {
  return useQuery(
    queryOptions({
      queryKey: ['join-confirm', slug, token] as const,
      queryFn: () => postJoinConfirm(slug, token),
      enabled: Boolean(slug && token),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  );
}
