/**
 * The stripe-events module's public face: the payment provider's incoming events, POST
 * /api/webhooks/stripe (ADR 0008). It owns `webhook_events` (the event ids processed) and turns
 * each signed event, once per event id, into calls of the billing, checkout and tenants
 * modules, in one transaction with the event's row (ADR 0012). Not to be confused with the
 * webhook-endpoints module, which sends our own outgoing webhooks.
 */
export { webhookRoutes } from './routes.ts';
