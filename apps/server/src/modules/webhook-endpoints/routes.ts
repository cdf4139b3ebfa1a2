import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateWebhookEndpointResponse,
  ErrorBody,
  WebhookDeliveryItem,
  WebhookDeliveryListResponse,
  WebhookEndpointInput,
  WebhookEndpointItem,
  WebhookEndpointListResponse,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { ROLES, tenantOf, tenantCtx } from '../../http/tenant-context.ts';
import { createEndpoint } from './create-endpoint.ts';
import { deleteEndpoint } from './delete-endpoint.ts';
import type { UrlPolicy } from './endpoints.ts';
import { listDeliveries } from './list-deliveries.ts';
import { listEndpoints } from './list-endpoints.ts';
import { resendDelivery } from './resend-delivery.ts';
import { sendTestEvent } from './send-test-event.ts';
import { updateEndpoint } from './update-endpoint.ts';
import type { Jobs } from '../../lib/jobs.ts';

const slugParams = z.object({ slug: z.string() });
/** `id` is any string here: a malformed id answers 404 'Webhook endpoint not found' like an unknown one. */
const endpointParams = z.object({ slug: z.string(), id: z.string() });
/** `deliveryId` is any string here: a malformed id answers 404 'Delivery not found'. */
const deliveryParams = z.object({ slug: z.string(), deliveryId: z.string() });
const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['webhook-endpoints'];

/**
 * Webhook endpoint routes under /api/t/{slug}/webhook-endpoints (ADR 0020),
 * every one ROLES.admin (tenant_admin; platform_admin passes wherever tenant_admin
 * does): 401 signed out, 403 cashier or customer, 404 another tenant's slug or ids. `policy`
 * holds the URL rules (https only in production; WEBHOOKS_ALLOW_PRIVATE); `jobs.nudge('webhooks')` asks the
 * webhook worker for a run after a test event or a Resend. Use cases run at the request's
 * instant (`request.ctx.now`).
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod<{ db: Database; policy: UrlPolicy; jobs: Jobs }> = async (app, { db, policy, jobs }) => {
  /** GET /webhook-endpoints → WebhookEndpointListResponse `{ endpoints }`, newest first, never a secret. */
  app.get(
    '/webhook-endpoints',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the webhook endpoints',
        description: "The business's endpoints, newest first, never their secrets.",
        tags,
        params: slugParams,
        response: { 200: WebhookEndpointListResponse, ...errors },
      },
    },
    async (request) => listEndpoints(db, tenantOf(request).id),
  );

  /**
   * POST /webhook-endpoints (WebhookEndpointInput `{ url, description?, events, enabled? }`) →
   * 201 CreateWebhookEndpointResponse: the endpoint and its signing secret (`whsec_…`), shown
   * this once; audit 'webhook_endpoint.create'. 400 VALIDATION_ERROR for bad input or a URL
   * the rules refuse (details `[{ field: 'url', message }]`): http in production, localhost,
   * a literal private/loopback/link-local address. Nothing is written on an error.
   */
  app.post(
    '/webhook-endpoints',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Add a webhook endpoint',
        description:
          'Answers the endpoint and its signing secret, shown this once. 400 for a URL the rules refuse (http in production, localhost, private addresses); audited.',
        tags,
        params: slugParams,
        body: WebhookEndpointInput,
        response: { 201: CreateWebhookEndpointResponse, 400: ErrorBody, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createEndpoint(db, tenantCtx(request), request.body, policy)),
  );

  /**
   * PUT /webhook-endpoints/{id} (WebhookEndpointInput; `enabled` absent keeps the stored value,
   * true re-enables a disabled endpoint and clears its disabled reason and failing-since) → 200
   * WebhookEndpointItem; audit 'webhook_endpoint.update'. 400 as POST, 404 'Webhook endpoint
   * not found' (unknown, malformed or another tenant's id).
   */
  app.put(
    '/webhook-endpoints/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a webhook endpoint',
        description: 'Replaces URL, description and events; `enabled: true` re-enables an endpoint that was turned off. Audited.',
        tags,
        params: endpointParams,
        body: WebhookEndpointInput,
        response: { 200: WebhookEndpointItem, 400: ErrorBody, ...errors },
      },
    },
    async (request) => updateEndpoint(db, tenantCtx(request), request.params.id, request.body, policy, request.ctx.now),
  );

  /** DELETE /webhook-endpoints/{id} → 204: the endpoint and its delivery log are gone; audit 'webhook_endpoint.delete'. 404 'Webhook endpoint not found'. */
  app.delete(
    '/webhook-endpoints/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Delete a webhook endpoint',
        description: 'Deletes the endpoint and its delivery log; audited.',
        tags,
        params: endpointParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(db, tenantCtx(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  /**
   * POST /webhook-endpoints/{id}/test → 202 WebhookDeliveryItem: a 'webhook.test' delivery for
   * this endpoint, pending and due now; the worker is asked for a run. 404 'Webhook endpoint not found'.
   */
  app.post(
    '/webhook-endpoints/:id/test',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Send a test event to a webhook endpoint',
        description: 'Queues a `webhook.test` delivery to the endpoint, due now (202).',
        tags,
        params: endpointParams,
        response: { 202: WebhookDeliveryItem, ...errors },
      },
    },
    async (request, reply) => {
      const item = await sendTestEvent(db, tenantOf(request).id, request.params.id, request.ctx.now);
      jobs.nudge('webhooks');
      return reply.status(202).send(item);
    },
  );

  /** GET /webhook-endpoints/{id}/deliveries → WebhookDeliveryListResponse: the newest 100, newest first. 404 'Webhook endpoint not found'. */
  app.get(
    '/webhook-endpoints/:id/deliveries',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "List a webhook endpoint's deliveries",
        description: "The endpoint's 100 newest deliveries, newest first.",
        tags,
        params: endpointParams,
        response: { 200: WebhookDeliveryListResponse, ...errors },
      },
    },
    async (request) => listDeliveries(db, tenantOf(request).id, request.params.id),
  );

  /**
   * POST /webhook-endpoints/deliveries/{deliveryId}/resend → 202 WebhookDeliveryItem: the same
   * event id and payload, pending and due now, a new 3-day round (attempts kept); the worker is
   * asked for a run. 404 'Delivery not found' (unknown, malformed or another tenant's id).
   */
  app.post(
    '/webhook-endpoints/deliveries/:deliveryId/resend',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Resend a webhook delivery',
        description: 'Queues the same event id and payload again, due now, for a new 3-day round of attempts (202).',
        tags,
        params: deliveryParams,
        response: { 202: WebhookDeliveryItem, ...errors },
      },
    },
    async (request, reply) => {
      const item = await resendDelivery(db, tenantOf(request).id, request.params.deliveryId, request.ctx.now);
      jobs.nudge('webhooks');
      return reply.status(202).send(item);
    },
  );
};
