import type { Offer, OfferListResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { invalidateRulesConsumers, rulesKeys } from './keys';

/** The body of an offer save (contract `OfferInput`): bonus in bps, full ISO timestamps. */
export interface OfferBody {
  name: string;
  description: string | null;
  rateMultiplierBps: number;
  startAt: string;
  endAt: string;
  isActive: boolean;
}

/**
 * POST /api/t/{slug}/rules/offers `{ name, description | null, rateMultiplierBps (bps), startAt,
 * endAt (full ISO timestamps, end after start), isActive }`.
 * @returns 201 the new {@link Offer}.
 * @throws {ApiError} 400 invalid fields (nothing written); 401; 403; 404. Show the server's text,
 *   else 'Failed to save offer. Please try again.'.
 */
function createOffer(slug: string, body: OfferBody): Promise<Offer> {
  return answer(client.POST('/api/t/{slug}/rules/offers', { params: { path: { slug } }, body }));
}

/**
 * PUT /api/t/{slug}/rules/offers/{id} with the same body as {@link createOffer}.
 * @returns the updated {@link Offer}.
 * @throws {ApiError} 400 invalid fields; 401; 403; 404 unknown offer (or another tenant's).
 */
function updateOffer(slug: string, id: string, body: OfferBody): Promise<Offer> {
  return answer(client.PUT('/api/t/{slug}/rules/offers/{id}', { params: { path: { slug, id } }, body }));
}

/**
 * Create-offer mutation: on success the new offer goes to the top of the cached list. Toasts are
 * the caller's.
 */
export function useCreateOffer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OfferBody) => createOffer(slug, body),
    onSuccess: (offer) => {
      queryClient.setQueryData<OfferListResponse>(rulesKeys.offers(slug), (old) => ({
        offers: [offer, ...(old?.offers ?? []).filter((o) => o.id !== offer.id)],
      }));
      invalidateRulesConsumers(queryClient, slug);
    },
  });
}

/**
 * Update-offer mutation: on success the updated offer replaces its entry in the cached list, in
 * place. Toasts are the caller's.
 */
export function useUpdateOffer(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: OfferBody }) => updateOffer(slug, id, body),
    onSuccess: (offer) => {
      queryClient.setQueryData<OfferListResponse>(rulesKeys.offers(slug), (old) => ({
        offers: (old?.offers ?? []).map((o) => (o.id === offer.id ? offer : o)),
      }));
      invalidateRulesConsumers(queryClient, slug);
    },
  });
}
