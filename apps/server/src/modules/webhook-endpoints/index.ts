/**
 * The webhook-endpoints module's public face: our outgoing webhooks (ADR 0020; not the payment
 * provider's incoming events, which are the stripe-events module's). It owns
 * `webhook_endpoints` and `webhook_deliveries`. A tenant's Store Admin registers endpoints (URL,
 * subscribed events, a signing secret shown once); every event of the tenant is written, by the
 * module where it happens, with `enqueueWebhookEvent(s)` in the event's own transaction: one
 * delivery row per enabled, subscribed endpoint (the outbox of the webhooks), so a delivery
 * exists exactly when the event committed. The worker (job.ts → `dispatchWebhooks`) POSTs each
 * due delivery signed per Standard Webhooks, behind the SSRF guard (address-guard.ts, at every
 * attempt), and retries failures for 3 days (RETRY_SCHEDULE_MS); an endpoint whose deliveries
 * have failed for 5 days is disabled and its Store Admins are e-mailed. Delivery is at least
 * once: receivers deduplicate on `webhook-id`. An erased customer is forgotten in the
 * deliveries (ADR 0026).
 */
export { enqueueWebhookEvent, enqueueWebhookEvents, type WebhookEvent } from './enqueue-events.ts';
export { forgetCustomerDeliveries } from './forget-customer-deliveries.ts';
export { startWebhookWorker } from './job.ts';
export { webhookEndpointRoutes } from './routes.ts';
export { webhookSubscriptions } from './subscriptions.ts';
