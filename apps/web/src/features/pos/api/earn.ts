import type { EarnRequest, EarnResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { saveCard } from '@/lib/offline/card-cache';
import { cardKeys, type PosCard } from './get-card';

/** Arguments of {@link earn}: the body plus the idempotency key of this submission. */
export interface EarnVariables {
  body: EarnRequest;
  /** UUID sent as `Idempotency-Key`; the same key on a retry moves no money twice. */
  idempotencyKey: string;
}

/**
 * POST /api/t/{slug}/transactions/earn with header `Idempotency-Key`. Body: cardUid (normalised),
 * `amountCents` (purchase amount, integer cents > 0), category (PURCHASE | REPAIR | OTHER),
 * optional storeId and note.
 * @returns `{ newBalance, cashbackEarned }` in cents, plus `rateBps`, the customer's `tier` and the `bonuses` credited
 *   with the purchase (already in newBalance).
 * @throws {ApiError} 422 card not ACTIVE, 403 code SUBSCRIPTION_REQUIRED, 404 card not found,
 *   409 idempotency key reused with other values, 400 invalid body, 0 network failure.
 */
function earn(slug: string, { body, idempotencyKey }: EarnVariables): Promise<EarnResponse> {
  return answer(client.POST('/api/t/{slug}/transactions/earn', { params: { path: { slug }, header: { 'idempotency-key': idempotencyKey } }, body }));
}

/**
 * Earn mutation. On success it writes the new balance (and tier) into the card's query data so
 * the POS shows it at once (and into the till's offline copy of the card), and marks tenant lists
 * (transactions, dashboard) stale. On a
 * SUBSCRIPTION_REQUIRED error it refetches the tenant so the POS greys out.
 */
export function useEarn(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: EarnVariables) => earn(slug, vars),
    onSuccess: (data, { body }) => {
      const updated = queryClient.setQueryData<PosCard>(cardKeys.card(slug, body.cardUid), (loaded) => {
        if (!loaded) return loaded;
        const { card } = loaded;
        const customer = card.customer
          ? { ...card.customer, tier: data.tier ?? card.customer.tier, totalSpendCents: card.customer.totalSpendCents + body.amountCents }
          : card.customer;
        return { ...loaded, card: { ...card, balanceCents: data.newBalance, customer } };
      });
      if (updated) void saveCard(slug, updated.card);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.transactions(slug) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) });
    },
    onError: (error) => {
      if ((error as { code?: string }).code === 'SUBSCRIPTION_REQUIRED') void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
    },
  });
}
