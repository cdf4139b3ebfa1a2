import { z } from 'zod';
import { CustomerInput, CustomerListItem } from './customers.ts';
import { TransactionType } from './enums.ts';
import { TransactionItem } from './pos.ts';
import { ReferralCodeInput } from './rewards.ts';

/**
 * The integration surface: tenant API keys for `/api/v1`, and outgoing webhooks.
 * Keys and endpoints are managed by the Store Admin (tenant_admin) under Integrations;
 * docs/integrations.md is the integrator's guide, ADR 0020 the choices.
 */

/**
 * What a key may do: `pos:write` earn, redeem, refund and void; `customers:write`
 * create customers; `read` cards, customers, transactions and reports.
 */
export const ApiKeyScope = z.enum(['pos:write', 'customers:write', 'read']);
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;
export const API_KEY_SCOPES = ApiKeyScope.options;

/** The readable start of every key: `lc_live_` in production, `lc_test_` elsewhere (ADR 0020). */
export const API_KEY_PREFIXES = ['lc_live_', 'lc_test_'] as const;

/** Characters of a key shown in lists after it was created: the `lc_live_`/`lc_test_` part and 6 more. */
export const API_KEY_VISIBLE_CHARS = 14;

/** One API key as listed (never the key itself): `prefix` is its first characters, times are ISO-8601. */
export const ApiKeyItem = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first `API_KEY_VISIBLE_CHARS` characters, e.g. 'lc_test_Ab12Cd', to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(ApiKeyScope),
  /** The store every movement of the key is booked to (as a cashier bound to that store); null: any store. */
  storeId: z.string().nullable(),
  storeName: z.string().nullable(),
  /** Who created it (first and last name), null when that account no longer exists. */
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  /** Last authenticated use, to the minute (the server writes it at most once a minute); null: never used. */
  lastUsedAt: z.string().nullable(),
  /** When it was revoked; a revoked key answers 401 and cannot be restored. */
  revokedAt: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof ApiKeyItem>;

/** GET /api/t/{slug}/api-keys: every key of the tenant, active ones first, then newest first. */
export const ApiKeyListResponse = z.object({ keys: z.array(ApiKeyItem) });
export type ApiKeyListResponse = z.infer<typeof ApiKeyListResponse>;

/** POST /api/t/{slug}/api-keys body: a name, at least one scope, optionally a store. */
export const CreateApiKeyRequest = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  scopes: z
    .array(ApiKeyScope, { error: 'Choose at least one scope' })
    .min(1, 'Choose at least one scope')
    .refine((s) => new Set(s).size === s.length, 'Each scope once'),
  storeId: z.string().uuid('Unknown store').nullish(),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** POST /api/t/{slug}/api-keys answer (201): the key, shown this once (only its SHA-256 is stored). */
export const CreateApiKeyResponse = ApiKeyItem.extend({ key: z.string() });
export type CreateApiKeyResponse = z.infer<typeof CreateApiKeyResponse>;

/** Events a webhook endpoint may subscribe to (docs/product.md 'API keys and webhooks'). */
export const WebhookEventType = z.enum([
  'transaction.created',
  'card.activated',
  'card.blocked',
  'customer.created',
  'customer.erased',
  'cashback.expiring',
  'cashback.expired',
  'risk.flagged',
]);
export type WebhookEventType = z.infer<typeof WebhookEventType>;
export const WEBHOOK_EVENT_TYPES = WebhookEventType.options;

/**
 * POST /api/t/{slug}/webhook-endpoints and PUT …/{id} body. `url`: an absolute http(s) URL of
 * at most 2,000 characters (https only in production; never a private, loopback or link-local
 * address: checked on save and at every delivery). `enabled` on PUT re-enables an endpoint
 * the server disabled after 5 days of failures; absent keeps the stored value.
 */
export const WebhookEndpointInput = z.object({
  url: z
    .string({ error: 'URL is required' })
    .trim()
    .min(1, 'URL is required')
    .max(2000, 'URL is too long')
    .refine((u) => {
      try {
        const p = new URL(u).protocol;
        return p === 'https:' || p === 'http:';
      } catch {
        return false;
      }
    }, 'Enter a full URL starting with https://'),
  description: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), z.string().trim().max(200).nullish()),
  events: z
    .array(WebhookEventType, { error: 'Choose at least one event' })
    .min(1, 'Choose at least one event')
    .refine((s) => new Set(s).size === s.length, 'Each event once'),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInput>;

/** One webhook endpoint as listed (never its secret). Times ISO-8601. */
export const WebhookEndpointItem = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(WebhookEventType),
  enabled: z.boolean(),
  /** Why the server disabled it (5 days of failed deliveries), null otherwise. */
  disabledReason: z.string().nullable(),
  /** Start of the current run of failed deliveries; null when the last one succeeded. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpointItem = z.infer<typeof WebhookEndpointItem>;

/** GET /api/t/{slug}/webhook-endpoints, newest first. */
export const WebhookEndpointListResponse = z.object({ endpoints: z.array(WebhookEndpointItem) });
export type WebhookEndpointListResponse = z.infer<typeof WebhookEndpointListResponse>;

/** POST /api/t/{slug}/webhook-endpoints answer (201): the endpoint and its signing secret (`whsec_…`), shown this once. */
export const CreateWebhookEndpointResponse = WebhookEndpointItem.extend({ secret: z.string() });
export type CreateWebhookEndpointResponse = z.infer<typeof CreateWebhookEndpointResponse>;

/** Where a delivery stands: waiting for its next attempt, delivered (2xx), or given up after 3 days. */
export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

/** One delivery of one event to one endpoint, as the log lists it. Times ISO-8601, duration in milliseconds. */
export const WebhookDeliveryItem = z.object({
  id: z.string(),
  /** The event's id, sent as `webhook-id` (the same on every attempt and on a resend). */
  eventId: z.string(),
  eventType: z.union([WebhookEventType, z.literal('webhook.test')]),
  status: WebhookDeliveryStatus,
  attempts: z.number().int(),
  /** HTTP status of the last attempt; null when it got no answer (refused address, timeout, connection error). */
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The first 500 characters of the last answer's body, or the reason there was none. */
  responseExcerpt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The JSON body that is signed and sent. */
  payload: z.unknown(),
});
export type WebhookDeliveryItem = z.infer<typeof WebhookDeliveryItem>;

/** GET /api/t/{slug}/webhook-endpoints/{id}/deliveries: the newest 100, newest first. */
export const WebhookDeliveryListResponse = z.object({ deliveries: z.array(WebhookDeliveryItem) });
export type WebhookDeliveryListResponse = z.infer<typeof WebhookDeliveryListResponse>;

/** Cursor pagination of `/api/v1` lists: `limit` 1–100 (default 25), `starting_after` the last id of the previous page. */
/** The longest page of a v1 list (`limit`), so the most rows a list answer holds. */
const V1_PAGE_MAX = 100;

export const V1ListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(V1_PAGE_MAX).default(25),
  starting_after: z.string().uuid('starting_after must be an id from the previous page').optional(),
});
export type V1ListQuery = z.infer<typeof V1ListQuery>;

/**
 * POST /api/v1/customers body: the customer's fields (birthday optional) and, for a friend who
 * was referred, the referrer's code (docs/product.md 'Rewards'; 422 when unknown or their own).
 */
export const V1CustomerCreate = CustomerInput.extend({ referralCode: ReferralCodeInput });
export type V1CustomerCreate = z.infer<typeof V1CustomerCreate>;

/** GET /api/v1/transactions query: the cursor, and optionally one ledger `type` or one customer (`customerId`). */
export const V1TransactionListQuery = V1ListQuery.extend({
  type: TransactionType.optional(),
  customerId: z.string().uuid('customerId must be a customer id').optional(),
});
export type V1TransactionListQuery = z.infer<typeof V1TransactionListQuery>;

/** GET /api/v1/transactions answer: the web list's rows, newest first; `hasMore` true when another page follows (pass the last id as `starting_after`). */
export const V1TransactionListResponse = z.object({ transactions: z.array(TransactionItem).max(V1_PAGE_MAX), hasMore: z.boolean() });
export type V1TransactionListResponse = z.infer<typeof V1TransactionListResponse>;

/** GET /api/v1/customers answer: the web list's rows, newest first; `hasMore` as above. */
export const V1CustomerListResponse = z.object({ customers: z.array(CustomerListItem).max(V1_PAGE_MAX), hasMore: z.boolean() });
export type V1CustomerListResponse = z.infer<typeof V1CustomerListResponse>;
