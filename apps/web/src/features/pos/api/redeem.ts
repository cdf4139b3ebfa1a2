import type { RedeemRequest, RedeemResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { tenantKeys } from '@/api/keys';
import { saveCard } from '@/lib/offline/card-cache';
import { cardKeys, type PosCard } from './get-card';

/** Arguments of {@link redeem}: the body plus the idempotency key of this submission. */
export interface RedeemVariables {
  body: RedeemRequest;
  /** UUID sent as `Idempotency-Key`; the same key on a retry moves no money twice. */
  idempotencyKey: string;
}

/**
 * POST /api/t/{slug}/transactions/redeem with header `Idempotency-Key`.
 * Body: cardUid (normalised), `amountCents` (integer cents, 0 < amount ≤ balance), optional
 * storeId and note.
 * @returns `{ newBalance, amountRedeemed }` in cents.
 * @throws {ApiError} 422 'Insufficient balance' or card not ACTIVE, 403 SUBSCRIPTION_REQUIRED,
 *   404 card not found, 409 idempotency key reused with other values, 0 network failure.
 */
function redeem(slug: string, { body, idempotencyKey }: RedeemVariables): Promise<RedeemResponse> {
  return answer(client.POST('/api/t/{slug}/transactions/redeem', { params: { path: { slug }, header: { 'idempotency-key': idempotencyKey } }, body }));
}

/**
 * Redeem mutation. On success it writes the new balance into the card's query data (the POS
 * updates in place) and the till's offline copy of the card, and marks tenant lists stale; on SUBSCRIPTION_REQUIRED it refetches the tenant.
 */
export function useRedeem(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: RedeemVariables) => redeem(slug, vars),
    onSuccess: (data, { body }) => {
      const updated = queryClient.setQueryData<PosCard>(cardKeys.card(slug, body.cardUid), (loaded) =>
        loaded ? { ...loaded, card: { ...loaded.card, balanceCents: data.newBalance } } : loaded,
      );
      if (updated) void saveCard(slug, updated.card);
      void queryClient.invalidateQueries({ queryKey: tenantKeys.transactions(slug) });
      void queryClient.invalidateQueries({ queryKey: tenantKeys.dashboard(slug) });
    },
    onError: (error) => {
      if ((error as { code?: string }).code === 'SUBSCRIPTION_REQUIRED') void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
    },
  });
}
