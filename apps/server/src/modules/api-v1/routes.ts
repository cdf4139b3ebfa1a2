import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import rateLimit from '@fastify/rate-limit';
import {
  CardResponse,
  CustomerDetail,
  V1CustomerCreate,
  EarnRequest,
  EarnResponse,
  ErrorBody,
  IdempotencyKeyHeaders,
  LiabilityQuery,
  LiabilityReport,
  RedeemRequest,
  RedeemResponse,
  RefundRequest,
  RefundResponse,
  V1CustomerListResponse,
  V1ListQuery,
  V1TransactionListQuery,
  V1TransactionListResponse,
  VoidRequest,
  VoidResponse,
} from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { apiKeyOf, registerApiKeyGuard, type ApiKeyGuardDeps } from '../../http/api-key-auth.ts';
import { rateLimitStoreOf } from '../../http/counters.ts';
import type { CounterStore } from '../../lib/counter-store.ts';
import type { IdempotentResult } from '../../db/idempotency.ts';
import { AppError } from '../../errors.ts';
import { moneyRouteOptions, sendIdempotent } from '../../http/idempotency.ts';
import { tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import type { Jobs } from '../../lib/jobs.ts';
import { getCardView } from '../cards/index.ts';
import { createCustomer, getCustomerDetail, listCustomersAfter } from '../customers/index.ts';
import { liabilityReport } from '../reports/index.ts';
import { refundEarn, voidRedeem, type PosContext, earn, listTransactionsAfter, redeem } from '../ledger/index.ts';

/** Ids are any string up to Fastify's path parameter limit (100; longer answers 414): a malformed id answers 404 like an unknown one. */
const txParams = z.object({ id: z.string().max(100) });
const cardParams = z.object({ cardUid: z.string().min(1).max(200) });
const customerParams = z.object({ id: z.string().max(100) });
const keyErrors = { 401: ErrorBody, 403: ErrorBody, 429: ErrorBody };
const posErrors = { 400: ErrorBody, ...keyErrors, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** The window of the per-key limit `config.apiRateLimit` (API_RATE_LIMIT requests a minute), in milliseconds. */
const API_RATE_WINDOW_MS = 60_000;

/** The OpenAPI tag of every v1 route (the v1 document at /api/v1/docs keeps only these paths). */
const V1_TAG = 'v1';

/** Options of the v1 plugin: the database, the configuration, the shared counters, the clock, the API key guard's lookups, and the background workers. */
export interface ApiV1Options {
  db: Database;
  config: Config;
  counters: CounterStore;
  now: () => Date;
  guard: Omit<ApiKeyGuardDeps, 'now'>;
  /** Wakes the outbox worker after a receipt was written (`nudge('outbox')`); app.ts nudges the webhook worker after any successful change. */
  jobs: Jobs;
}

/**
 * The versioned REST API for point-of-sale systems (ADR 0020), mounted at
 * `/api/v1`. Authenticated by `Authorization: Bearer <key>` (http/api-key-auth.ts: 401
 * 'Invalid or revoked API key', 403 when the key lacks the route's scope); the tenant is the
 * key's; no cookies, no Origin check. Each key may make `config.apiRateLimit` requests a minute
 * (@fastify/rate-limit keyed by the key's id, on the shared counters, so across instances):
 * every answer past the guard carries the draft-standard `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` (seconds), and beyond the limit 429
 * RATE_LIMITED with `Retry-After` (seconds). The routes call the web API's services with the key as the
 * actor (role cashier with its store when the key is bound to one, else tenant_admin; a
 * store-bound key gets 403 'This API key is bound to a store' on the customer list and details
 * and the liability report, which a cashier cannot read either), so
 * the rules, the `Idempotency-Key` requirement, the shapes and the `{ error, code, details }`
 * errors are the web API's. Another tenant's id is 404.
 */
export const apiV1Routes: FastifyPluginAsyncZod<ApiV1Options> = async (app, opts) => {
  const { db, config, counters, now } = opts;
  registerApiKeyGuard(app, { ...opts.guard, now });
  // The per-key limit is @fastify/rate-limit's, registered on this scope only (the app's own
  // registration limits nothing by itself): its hook runs on every v1 route after the guard
  // above (route hooks follow the scope's), so it counts authenticated keys only, in the
  // counters every instance shares (ADR 0009).
  await app.register(rateLimit, {
    global: true,
    enableDraftSpec: true,
    max: config.apiRateLimit,
    timeWindow: API_RATE_WINDOW_MS,
    keyGenerator: (request) => `api:${apiKeyOf(request).id}`,
    store: rateLimitStoreOf(counters, now),
    errorResponseBuilder: (_request, context) => {
      const retryIn = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError('RATE_LIMITED', `Rate limit of ${context.max} requests a minute reached for this API key. Retry in ${retryIn} s.`);
    },
  });

  /** The ledger context of a v1 money request: the request's context (the key's business, the key as actor), its Idempotency-Key and the receipts' links. */
  const posContextOf = (request: FastifyRequest): PosContext => ({
    ...tenantCtx(request),
    idempotencyKey: request.headers['idempotency-key'] as string,
    links: { publicUrl: config.publicUrl, secret: config.qrTokenSecret },
  });
  /** Sends a money answer (http/idempotency.ts `sendIdempotent`: `Idempotent-Replayed: true` on a replay); a first answer of a tenant with receipts on nudges the outbox worker. */
  const sendMoney = <T>(request: FastifyRequest, reply: FastifyReply, result: IdempotentResult<T>) =>
    sendIdempotent(reply, result, () => {
      if (tenantOf(request).receiptsEnabled) opts.jobs.nudge('outbox');
    });
  const { publicUrl, qrTokenSecret: secret } = config;
  const qrOf = (request: FastifyRequest) => ({ publicUrl, secret, slug: tenantOf(request).slug, applePasses: config.wallet.applePasses });

  /** GET /cards/{cardUid} (scope read) → CardResponse, the POS lookup: status, balance (cents), holder, store. 404 'Card not found'. */
  app.get(
    '/cards/:cardUid',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'Look up a card',
        description: 'The card with its status, balance in cents, holder and store, as the till sees it. 404 for an unknown card.',
        tags: [V1_TAG],
        params: cardParams,
        response: { 200: CardResponse, ...keyErrors, 404: ErrorBody },
      },
    },
    async (request) => getCardView(db, tenantOf(request).id, request.params.cardUid, qrOf(request)),
  );

  /** POST /transactions/earn (scope pos:write; Idempotency-Key required) → EarnResponse: the web POS's earn (docs/product.md 'Cashback'). */
  app.post(
    '/transactions/earn',
    {
      ...moneyRouteOptions,
      config: { scope: 'pos:write', ledgerType: 'EARN' },
      schema: {
        summary: 'Credit cashback on a purchase',
        description:
          "Credits the card with cashback on an amount in cents at the rate (bps) of the category, the holder's tier and any running offer. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.",
        tags: [V1_TAG],
        headers: IdempotencyKeyHeaders,
        body: EarnRequest,
        response: { 200: EarnResponse, ...posErrors },
      },
    },
    async (request, reply) => sendMoney(request, reply, await earn(db, posContextOf(request), request.body)),
  );

  /** POST /transactions/redeem (scope pos:write; Idempotency-Key required) → RedeemResponse: pay with the balance (docs/product.md 'Ledger'). */
  app.post(
    '/transactions/redeem',
    {
      ...moneyRouteOptions,
      config: { scope: 'pos:write', ledgerType: 'REDEEM' },
      schema: {
        summary: 'Pay with the card balance',
        description:
          "Takes an amount in cents from the card's cashback balance; 422 when the balance does not cover it. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.",
        tags: [V1_TAG],
        headers: IdempotencyKeyHeaders,
        body: RedeemRequest,
        response: { 200: RedeemResponse, ...posErrors },
      },
    },
    async (request, reply) => sendMoney(request, reply, await redeem(db, posContextOf(request), request.body)),
  );

  /** POST /transactions/{id}/refund (scope pos:write; Idempotency-Key required) → RefundResponse: refund (part of) an EARN (docs/product.md 'Refunds and voids'). */
  app.post(
    '/transactions/:id/refund',
    {
      ...moneyRouteOptions,
      config: { scope: 'pos:write', ledgerType: 'REFUND' },
      schema: {
        summary: 'Refund a purchase',
        description:
          'Refunds all or part (cents) of an earn and claws back its cashback. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.',
        tags: [V1_TAG],
        params: txParams,
        headers: IdempotencyKeyHeaders,
        body: RefundRequest,
        response: { 200: RefundResponse, ...posErrors },
      },
    },
    async (request, reply) => sendMoney(request, reply, await refundEarn(db, posContextOf(request), request.params.id, request.body)),
  );

  /** POST /transactions/{id}/void (scope pos:write; Idempotency-Key required) → VoidResponse: void a REDEEM (docs/product.md 'Refunds and voids'). */
  app.post(
    '/transactions/:id/void',
    {
      ...moneyRouteOptions,
      config: { scope: 'pos:write', ledgerType: 'VOID' },
      schema: {
        summary: 'Void a redemption',
        description:
          "Gives a redemption's amount back to the card. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.",
        tags: [V1_TAG],
        params: txParams,
        headers: IdempotencyKeyHeaders,
        body: VoidRequest,
        response: { 200: VoidResponse, ...posErrors },
      },
    },
    async (request, reply) => sendMoney(request, reply, await voidRedeem(db, posContextOf(request), request.params.id, request.body)),
  );

  /** GET /transactions (scope read) → V1TransactionListResponse, newest first, cursor `starting_after`. */
  app.get(
    '/transactions',
    {
      config: { scope: 'read' },
      schema: {
        summary: 'List ledger rows',
        description:
          'Ledger rows newest first, optionally of one type or customer; `limit` (at most 100) a page, the next page with `starting_after` set to the last id.',
        tags: [V1_TAG],
        querystring: V1TransactionListQuery,
        response: { 200: V1TransactionListResponse, 400: ErrorBody, ...keyErrors },
      },
    },
    async (request) => {
      const q = request.query;
      return listTransactionsAfter(db, tenantOf(request).id, { limit: q.limit, startingAfter: q.starting_after, type: q.type, customerId: q.customerId });
    },
  );

  /** GET /customers (scope read; not for a store-bound key: 403) → V1CustomerListResponse, newest first, cursor `starting_after`. */
  app.get(
    '/customers',
    {
      config: { scope: 'read', tenantWide: true },
      schema: {
        summary: 'List customers',
        description:
          "The business's customers newest first; `limit` (at most 100) a page, the next page with `starting_after` set to the last id. 403 for a key bound to a store.",
        tags: [V1_TAG],
        querystring: V1ListQuery,
        response: { 200: V1CustomerListResponse, 400: ErrorBody, ...keyErrors },
      },
    },
    async (request) => listCustomersAfter(db, tenantOf(request).id, { limit: request.query.limit, startingAfter: request.query.starting_after }),
  );

  /** POST /customers (scope customers:write) → 201 CustomerDetail; 409 when the e-mail is taken in this business. */
  app.post(
    '/customers',
    {
      config: { scope: 'customers:write' },
      schema: {
        summary: 'Create a customer',
        description:
          "First and last name required; email, phone and birthday optional; `referralCode`: the referrer's code for a referred friend. 409 when the email is taken in this business, 422 for an unknown or own referral code.",
        tags: [V1_TAG],
        body: V1CustomerCreate,
        response: { 201: CustomerDetail, 400: ErrorBody, ...keyErrors, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => {
      const body = await createCustomer(db, tenantCtx(request), request.body, request.ctx.now);
      return reply.status(201).send(body);
    },
  );

  /** GET /customers/{id} (scope read; not for a store-bound key: 403) → CustomerDetail with cards and balances; 404 'Customer not found'. */
  app.get(
    '/customers/:id',
    {
      config: { scope: 'read', tenantWide: true },
      schema: {
        summary: 'Get a customer',
        description: 'The customer with their cards and balances in cents. 403 for a key bound to a store, 404 for an unknown customer.',
        tags: [V1_TAG],
        params: customerParams,
        response: { 200: CustomerDetail, ...keyErrors, 404: ErrorBody },
      },
    },
    async (request) => getCustomerDetail(db, tenantOf(request).id, request.params.id),
  );

  /** GET /reports/liability?from&to (scope read; not for a store-bound key: 403) → LiabilityReport: outstanding cashback (cents), by store and age (ADR 0016). */
  app.get(
    '/reports/liability',
    {
      config: { scope: 'read', tenantWide: true },
      schema: {
        summary: 'Report the outstanding cashback',
        description:
          "Cashback owed to customers (cents) by store and age for a period of at most 366 days (YYYY-MM-DD in the business's time zone). 403 for a key bound to a store.",
        tags: [V1_TAG],
        querystring: LiabilityQuery,
        response: { 200: LiabilityReport, 400: ErrorBody, ...keyErrors },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      return liabilityReport(db, tenant.id, tenant.timezone, request.query, request.ctx.now);
    },
  );
};
