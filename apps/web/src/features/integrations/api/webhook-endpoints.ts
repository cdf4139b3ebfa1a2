import type { WebhookEndpointInput } from '@loyalty/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, client } from '@/api/client';
import { integrationKeys } from './keys';

/**
 * GET /api/t/{slug}/webhook-endpoints (tenant_admin): the tenant's webhook
 * endpoints, newest first, never their secrets.
 * @returns the TanStack query of `{ endpoints: [{ id, url, description (nullable), events
 *   (WebhookEventType[]), enabled, disabledReason (why the server disabled it after 5 days of
 *   failures, else null), failingSince (start of the current run of failures, else null),
 *   createdAt }] }`, times ISO-8601.
 * @throws via `query.error` {ApiError} 401 signed out, 403 not a tenant admin, 404 unknown tenant.
 */
export function useWebhookEndpoints(slug: string) {
  return useQuery({
    queryKey: integrationKeys.webhookEndpoints(slug),
    queryFn: ({ signal }) => answer(client.GET('/api/t/{slug}/webhook-endpoints', { params: { path: { slug } }, signal })),
    enabled: Boolean(slug),
  });
}

/**
 * POST /api/t/{slug}/webhook-endpoints `{ url (absolute http(s), ≤ 2,000 characters; https in
 * production, never a private, loopback or link-local address), description (≤ 200, or null),
 * events (at least one, each once) }` (tenant_admin).
 * @returns 201 the new `WebhookEndpointItem` plus `secret` (`whsec_…`), the signing
 *   secret, shown this once. The endpoint list is refetched on success.
 * @throws {ApiError} 400 invalid fields or a refused address (`details: [{ field: 'url' |
 *   'description' | 'events', message }]`), 403 not a tenant admin. Field errors go on their
 *   fields, others in an alert.
 */
export function useCreateWebhookEndpoint(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookEndpointInput) => answer(client.POST('/api/t/{slug}/webhook-endpoints', { params: { path: { slug } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhookEndpoints(slug) }),
  });
}

/** Variables of {@link useUpdateWebhookEndpoint}: the endpoint's id and its new settings. */
export interface UpdateWebhookEndpointVariables {
  id: string;
  body: WebhookEndpointInput;
}

/**
 * PUT /api/t/{slug}/webhook-endpoints/{id} `{ url, description, events, enabled }` (tenant_admin):
 * the same rules as on create; `enabled: true` re-enables an endpoint the server disabled (clearing
 * `disabledReason`). The secret does not change.
 * @returns 200 the updated `WebhookEndpointItem`. The endpoint list is refetched on success.
 * @throws {ApiError} 400 invalid fields (`details` as on create), 404 unknown endpoint (or
 *   another tenant's), 403 not a tenant admin.
 */
export function useUpdateWebhookEndpoint(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateWebhookEndpointVariables) =>
      answer(client.PUT('/api/t/{slug}/webhook-endpoints/{id}', { params: { path: { slug, id } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhookEndpoints(slug) }),
  });
}

/**
 * DELETE /api/t/{slug}/webhook-endpoints/{id} (tenant_admin): removes the endpoint;
 * no more events are sent to it. Cannot be undone; the caller confirms first.
 * @returns nothing (204 No Content). The endpoint list is refetched once the call settled.
 * @throws {ApiError} 404 unknown endpoint (or another tenant's), 403 not a tenant admin. Show the server's text.
 */
export function useDeleteWebhookEndpoint(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await answer(client.DELETE('/api/t/{slug}/webhook-endpoints/{id}', { params: { path: { slug, id } } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationKeys.webhookEndpoints(slug) }),
  });
}

/**
 * POST /api/t/{slug}/webhook-endpoints/{id}/test (tenant_admin; no body): queues a
 * signed `webhook.test` event for the endpoint; the worker delivers it like any other event.
 * @returns 202 the queued `WebhookDeliveryItem` (status 'pending'). The endpoint's
 *   delivery log is refetched on success.
 * @throws {ApiError} 404 unknown endpoint (or another tenant's), 403 not a tenant admin, any
 *   other refusal with the server's text. Show the server's text.
 */
export function useSendTestEvent(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => answer(client.POST('/api/t/{slug}/webhook-endpoints/{id}/test', { params: { path: { slug, id } } })),
    onSuccess: (_delivery, id) => queryClient.invalidateQueries({ queryKey: integrationKeys.deliveries(slug, id) }),
  });
}
