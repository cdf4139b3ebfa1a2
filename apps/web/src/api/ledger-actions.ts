import type { AdjustRequest, RefundRequest, VoidRequest } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from './client';
import { tenantKeys } from './keys';

/**
 * The money lifecycle's actions, shared by the Transactions page, the POS and the
 * card details dialog: refund an EARN, void a REDEEM, adjust a card's balance. Each is a money
 * route: the caller passes the `Idempotency-Key` of this submission (the same key on a retry of
 * the same values, a new one after a success: `useIdempotencyKey`). On success every screen
 * that shows a balance or a ledger row of the tenant is marked stale: transactions, dashboard,
 * cards (the POS's loaded card too) and customers.
 */

/** A lifecycle request: its target (ledger row id or card UID), body and `Idempotency-Key`. */
export interface LedgerActionVariables<B> {
  target: string;
  body: B;
  idempotencyKey: string;
}

/** Marks stale what a balance change moves on the tenant's screens. */
function useInvalidateLedger(slug: string) {
  const queryClient = useQueryClient();
  return () => {
    for (const key of [tenantKeys.transactions(slug), tenantKeys.dashboard(slug), tenantKeys.cards(slug), tenantKeys.customers(slug)]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
}

/**
 * POST /api/t/{slug}/transactions/{id}/refund: refunds `amountCents` of the EARN's purchase
 * (absent: what is left) with an optional reason. Answer: refunded amount, cashback clawed
 * back, unrecovered part, remaining purchase and new balance, all cents.
 * @throws {ApiError} 422 'Refund exceeds the remaining purchase amount' / fully refunded / not
 *   an EARN, 403 another store, 404 'Transaction not found', 400 bad body, 409 key reuse.
 */
export function useRefund(slug: string) {
  const invalidate = useInvalidateLedger(slug);
  return useMutation({
    mutationFn: ({ target, body, idempotencyKey }: LedgerActionVariables<RefundRequest>) =>
      answer(
        client.POST('/api/t/{slug}/transactions/{id}/refund', {
          params: { path: { slug, id: target }, header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),
    onSuccess: invalidate,
  });
}

/**
 * POST /api/t/{slug}/transactions/{id}/void: gives a REDEEM's amount back to the card, with a
 * reason (3–200 characters). Answer: restored amount and new balance, cents.
 * @throws {ApiError} 409 'Transaction already voided', 403 (another store; a cashier after 15
 *   minutes), 422 not a REDEEM, 404, 400, 409 key reuse.
 */
export function useVoid(slug: string) {
  const invalidate = useInvalidateLedger(slug);
  return useMutation({
    mutationFn: ({ target, body, idempotencyKey }: LedgerActionVariables<VoidRequest>) =>
      answer(
        client.POST('/api/t/{slug}/transactions/{id}/void', {
          params: { path: { slug, id: target }, header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),
    onSuccess: invalidate,
  });
}

/**
 * POST /api/t/{slug}/cards/{cardUid}/adjust (tenant_admin): changes the card's balance by
 * `deltaCents` (non-zero, at most $1,000.00 either way) with a reason. Answer: the delta and
 * the new balance, cents.
 * @throws {ApiError} 422 'Balance cannot go below zero', 404 'Card not found', 403, 400, 409.
 */
export function useAdjustBalance(slug: string) {
  const invalidate = useInvalidateLedger(slug);
  return useMutation({
    mutationFn: ({ target, body, idempotencyKey }: LedgerActionVariables<AdjustRequest>) =>
      answer(
        client.POST('/api/t/{slug}/cards/{cardUid}/adjust', {
          params: { path: { slug, cardUid: target }, header: { 'idempotency-key': idempotencyKey } },
          body,
        }),
      ),
    onSuccess: invalidate,
  });
}

/** How many of a card's newest ledger rows the POS shows. */
const CARD_LEDGER_LIMIT = 5;

/**
 * GET /api/t/{slug}/transactions?cardId={cardId}&limit=5: the loaded card's newest ledger rows
 * (newest first; amounts in cents), for the POS's 'Last transactions' with their Refund and Void
 * actions. Cached under the tenant's transactions root, so every balance change
 * refreshes it. Disabled without a card id.
 */
export function useCardLedger(slug: string, cardId: string | null) {
  return useQuery({
    queryKey: [...tenantKeys.transactions(slug), 'card', cardId],
    queryFn: ({ signal }) =>
      answer(
        client.GET('/api/t/{slug}/transactions', {
          params: { path: { slug }, query: { cardId: cardId ?? '', limit: CARD_LEDGER_LIMIT } },
          signal,
        }),
      ),
    enabled: Boolean(slug && cardId),
  });
}
