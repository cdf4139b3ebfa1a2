import type Stripe from 'stripe';
import type { Tx } from '../../db/client.ts';
import { isUuid } from '../../lib/uuid.ts';
import type { PaymentProvider } from '../../payments/port.ts';
import type { CheckoutEffects } from '../checkout/index.ts';
import { findTenantIdForProvider } from '../tenants/index.ts';

/** What every event handler shares: the event's transaction and log, and the readers of Stripe's ids, times and tenants. */

/** Where the webhook writes what it skipped or could not match (the request's pino logger). */
export interface WebhookLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The id of a Stripe reference: the string itself, or the `id` of an expanded object; null otherwise. */
export const idOf = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { id?: unknown }).id === 'string' ? (v as { id: string }).id : null;

/** A Date from Stripe's unix seconds. */
export const fromUnix = (s: number) => new Date(s * 1000);

/** What an event handler works with: the event's transaction, the provider, the checkout effects, the tagged log, the instant it is judged at, and the event. */
export interface EventCtx {
  tx: Tx;
  provider: PaymentProvider;
  effects: CheckoutEffects;
  log: WebhookLog;
  now: Date;
  event: Stripe.Event;
}

/** `log` with the event's id and type on every line. */
export function withEvent(log: WebhookLog, event: Stripe.Event): WebhookLog {
  const tag = { stripeEventId: event.id, stripeEventType: event.type };
  return {
    info: (o, m) => log.info({ ...tag, ...o }, m),
    warn: (o, m) => log.warn({ ...tag, ...o }, m),
    error: (o, m) => log.error({ ...tag, ...o }, m),
  };
}

/** Our tenant id for a Stripe object: its metadata tenantId when that tenant exists, else the tenant whose provider customer it is; null when none. */
export function findTenantId(tx: Tx, metadataTenantId: unknown, customerId: string | null): Promise<string | null> {
  return findTenantIdForProvider(tx, isUuid(metadataTenantId) ? metadataTenantId : null, customerId);
}
