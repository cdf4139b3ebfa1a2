import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { integrationKeys } from './keys';

/**
 * GET /api/t/{slug}/webhook-endpoints/{id}/deliveries (tenant_admin): the delivery
 * log of one endpoint, the newest 100, newest first. Disabled while `endpointId` is null (no
 * log open); refetched each time a log opens.
 * @returns the TanStack query of `{ deliveries: [{ id, eventId (sent as webhook-id), eventType
 *   (a WebhookEventType or 'webhook.test'), status ('pending' | 'succeeded' | 'failed'),
 *   attempts, responseStatus (HTTP status of the last attempt, null: no answer), durationMs
 *   (milliseconds, nullable), responseExcerpt (first 500 characters of the answer, or why
 *   there was none), createdAt, lastAttemptAt, nextAttemptAt (ISO-8601, nullable), payload
 *   (the signed JSON body) }] }`.
 * @throws via `query.error` {ApiError} 404 unknown endpoint, 403 not a tenant admin.
 */
export function useWebhookDeliveries(slug: string, endpointId: string | null) {
  return useQuery({
    queryKey: integrationKeys.deliveries(slug, endpointId ?? ''),
    queryFn: ({ signal }) =>
      answer(client.GET('/api/t/{slug}/webhook-endpoints/{id}/deliveries', { params: { path: { slug, id: endpointId ?? '' } }, signal })),
    enabled: Boolean(slug) && endpointId !== null,
    refetchOnMount: 'always',
  });
}

/**
 * POST /api/t/{slug}/webhook-endpoints/deliveries/{deliveryId}/resend (tenant_admin;
 * no body): queues the same event (same `webhook-id`) for another delivery to the endpoint.
 * @returns 202 the queued `WebhookDeliveryItem`. The log of `endpointId` is refetched on success.
 * @throws {ApiError} 404 unknown delivery (or another tenant's), 403 not a tenant admin, any
 *   other refusal with the server's text. Show the server's text.
 */
export function useResendDelivery(slug: string, endpointId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      answer(client.POST('/api/t/{slug}/webhook-endpoints/deliveries/{deliveryId}/resend', { params: { path: { slug, deliveryId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(slug, endpointId ?? '') }),
  });
}
