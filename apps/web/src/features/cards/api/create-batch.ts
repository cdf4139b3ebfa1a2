import type { CardBatchResponse } from '@loyalty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { ApiError } from '@/lib/api';
import { tenantKeys } from '@/api/keys';
import { invalidateCardData } from './keys';
import { translate } from '@/lib/i18n';
import { cardsMessages } from '../messages';

/** Body of a batch: 1 to 1000 cards, optionally for one store. */
export interface CreateBatchVariables {
  count: number;
  storeId?: string | null;
}

/**
 * POST /api/t/{slug}/cards/batch `{ count, storeId? }`: creates `count` UNASSIGNED cards. Counts
 * against the card quota (trial: freeTrialLimit cards in all; subscription: the plan's card limit).
 * @returns 201 `{ created, cards }`.
 * @throws {ApiError} 403 'Subscription required' / 'Card creation blocked' / 'Insufficient
 *   subscription allowance' (details `{ remaining, used, limit, planName }`); 400 'Card limit
 *   exceeded' / 'Batch size too large'; see {@link batchErrorFeedback} for what to show.
 */
function createBatch(slug: string, { count, storeId }: CreateBatchVariables): Promise<CardBatchResponse> {
  return answer(client.POST('/api/t/{slug}/cards/batch', { params: { path: { slug } }, body: storeId ? { count, storeId } : { count } }));
}

/** The success toast of a batch. */
export function batchSuccessMessage(created: number): string {
  return translate(cardsMessages, 'batchCreated', { created });
}

/** Numbers the server sends with 'Insufficient subscription allowance'. */
interface AllowanceDetails {
  remaining: number;
  used: number;
  limit: number;
  planName?: string | null;
}

function allowanceDetails(details: unknown): AllowanceDetails | null {
  if (!details || typeof details !== 'object') return null;
  const d = details as Record<string, unknown>;
  if (typeof d.remaining !== 'number' || typeof d.used !== 'number' || typeof d.limit !== 'number') return null;
  return { remaining: d.remaining, used: d.used, limit: d.limit, planName: typeof d.planName === 'string' ? d.planName : null };
}

const is = (message: string, expected: string) => message === expected || message.startsWith(expected);

/**
 * What to show for a failed batch, matched on the server's `error` text:
 * - 403 'Subscription required' or 'Card creation blocked': the server message, as an error.
 * - 403 'Insufficient subscription allowance': the server message as a *warning*, followed by
 *   Shortfall sentence when `details` carries the numbers (and the message does not
 *   already say it); the tenant is refetched.
 * - other 403: the server message, else 'Cannot create cards at this time'.
 * - 400 'Card limit exceeded': the server message. 400 'Batch size too large':
 *   'Maximum 1000 cards can be created at once.'
 * - anything else: 'Failed to create card batch. Please try again.'
 */
export function batchErrorFeedback(error: unknown): { level: 'error' | 'warning'; message: string; refetchTenant: boolean } {
  const fallback = { level: 'error' as const, message: translate(cardsMessages, 'batchFailed'), refetchTenant: false };
  if (!(error instanceof ApiError)) return fallback;
  const message = error.message;
  if (error.status === 403) {
    if (is(message, 'Subscription required') || is(message, 'Card creation blocked')) return { level: 'error', message, refetchTenant: true };
    if (is(message, 'Insufficient subscription allowance')) {
      const d = allowanceDetails(error.details);
      const more =
        d && !/can only create/i.test(message)
          ? ` ${translate(cardsMessages, 'batchLimitPlan', { n: d.remaining, plan: d.planName ?? translate(cardsMessages, 'batchLimitCurrentPlan'), used: d.used, limit: d.limit })}`
          : '';
      return { level: 'warning', message: `${message.replace(/\.$/, '')}.${more}`, refetchTenant: true };
    }
    return { level: 'error', message: message || translate(cardsMessages, 'batchCannotCreate'), refetchTenant: false };
  }
  if (error.status === 400) {
    if (is(message, 'Card limit exceeded')) return { level: 'error', message, refetchTenant: true };
    if (is(message, 'Batch size too large')) return { level: 'error', message: translate(cardsMessages, 'batchTooLarge'), refetchTenant: false };
  }
  return fallback;
}

/**
 * Batch mutation. On success it refreshes cards, tenant quota, trial status and dashboard; on a
 * quota error ({@link batchErrorFeedback} `refetchTenant`) it refetches the tenant so the
 * banner and the quantity limit show the server's numbers. Toasts are the caller's.
 */
export function useCreateBatch(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: CreateBatchVariables) => createBatch(slug, vars),
    onSuccess: () => invalidateCardData(queryClient, slug),
    onError: (error) => {
      if (batchErrorFeedback(error).refetchTenant) void queryClient.invalidateQueries({ queryKey: tenantKeys.tenant(slug) });
    },
  });
}
