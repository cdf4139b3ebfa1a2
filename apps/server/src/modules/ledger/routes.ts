import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdjustRequest,
  AdjustResponse,
  EarnRequest,
  EarnResponse,
  ErrorBody,
  IdempotencyKeyHeaders,
  RedeemRequest,
  RedeemResponse,
  RefundRequest,
  RefundResponse,
  TransactionDetail,
  TransactionListQuery,
  TransactionListResponse,
  VoidRequest,
  VoidResponse,
} from '@loyalty/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { IdempotentResult } from '../../db/idempotency.ts';
import { moneyRouteOptions, sendIdempotent } from '../../http/idempotency.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { adjustBalance } from './adjust.ts';
import type { PosContext } from './context.ts';
import { earn } from './earn.ts';
import { getTransaction } from './get-transaction.ts';
import { listTransactions } from './list-transactions.ts';
import type { MessageLinks } from './receipts.ts';
import { redeem } from './redeem.ts';
import { refundEarn } from './refund.ts';
import { voidRedeem } from './void.ts';
import type { Jobs } from '../../lib/jobs.ts';

const slugParams = z.object({ slug: z.string() });
const txParams = z.object({ slug: z.string(), id: z.string() });
const cardParams = z.object({ slug: z.string(), cardUid: z.string() });
const posErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/**
 * Ledger routes under /api/t/{slug}/transactions, tenant_admin and cashier:
 * POST /earn and /redeem (money routes: the `Idempotency-Key` header is required, else 400
 * 'Idempotency-Key header required' and nothing moves, a replay carries
 * `Idempotent-Replayed: true`) and GET / (filters and pagination). `links` (PUBLIC_URL, the QR
 * token secret) make e-mail receipts possible; `jobs.nudge('outbox')` asks the outbox worker for a
 * run after a movement of a tenant with receipts on.
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ db: Database; links?: MessageLinks; jobs: Jobs }> = async (app, { db, links, jobs }) => {
  /** The ledger context of a money request: the request's context, its Idempotency-Key and the receipts' links. */
  const posContextOf = (request: FastifyRequest): PosContext => ({
    ...tenantCtx(request),
    idempotencyKey: request.headers['idempotency-key'] as string,
    links,
  });
  /** Sends a money answer (http/idempotency.ts `sendIdempotent`: `Idempotent-Replayed: true` on a replay); a first answer of a tenant with receipts on nudges the outbox worker. */
  const sendMoney = <T>(request: FastifyRequest, reply: FastifyReply, result: IdempotentResult<T>) =>
    sendIdempotent(reply, result, () => {
      if (tenantOf(request).receiptsEnabled) jobs.nudge('outbox');
    });

  app.post(
    '/transactions/earn',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.staff, ledgerType: 'EARN' },
      schema: {
        summary: 'Record a purchase and credit its cashback',
        description:
          "Credits the card with cashback on an amount in cents at the rate (bps) of the category, the holder's tier and any running offer. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.",
        tags: ['transactions'],
        params: slugParams,
        headers: IdempotencyKeyHeaders,
        body: EarnRequest,
        response: { 200: EarnResponse, ...posErrors },
      },
    },
    async (request, reply) => {
      return sendMoney(request, reply, await earn(db, posContextOf(request), request.body));
    },
  );

  app.post(
    '/transactions/redeem',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.staff, ledgerType: 'REDEEM' },
      schema: {
        summary: "Pay with a card's balance at the till",
        description:
          "Takes an amount in cents from the card's cashback balance; 422 when the balance does not cover it. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.",
        tags: ['transactions'],
        params: slugParams,
        headers: IdempotencyKeyHeaders,
        body: RedeemRequest,
        response: { 200: RedeemResponse, ...posErrors },
      },
    },
    async (request, reply) => {
      return sendMoney(request, reply, await redeem(db, posContextOf(request), request.body));
    },
  );

  app.get(
    '/transactions',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "List the business's transactions",
        description: 'Ledger rows newest first, filtered by type, category, dates, store, customer or card, and paged.',
        tags: ['transactions'],
        params: slugParams,
        querystring: TransactionListQuery,
        response: { 200: TransactionListResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listTransactions(db, tenantOf(request).id, request.query, request.ctx.now),
  );

  /** GET /transactions/{id}: the row with its reversals; 404 for another tenant's row. */
  app.get(
    '/transactions/:id',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Read a transaction',
        description: "One ledger row with its refunds and voids. 404 for another business's row.",
        tags: ['transactions'],
        params: txParams,
        response: { 200: TransactionDetail, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getTransaction(db, tenantOf(request).id, request.params.id),
  );

  /** POST /transactions/{id}/refund: tenant_admin and cashier (own store); money route. */
  app.post(
    '/transactions/:id/refund',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.staff, ledgerType: 'REFUND' },
      schema: {
        summary: 'Refund a purchase at the till',
        description:
          'Refunds all or part (cents) of an earn and claws back its cashback; cashiers only at their own store. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.',
        tags: ['transactions'],
        params: txParams,
        headers: IdempotencyKeyHeaders,
        body: RefundRequest,
        response: { 200: RefundResponse, ...posErrors },
      },
    },
    async (request, reply) => sendMoney(request, reply, await refundEarn(db, posContextOf(request), request.params.id, request.body)),
  );

  /** POST /transactions/{id}/void: tenant_admin any time, a cashier within 15 minutes at their store; money route. */
  app.post(
    '/transactions/:id/void',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.staff, ledgerType: 'VOID' },
      schema: {
        summary: 'Void a redemption at the till',
        description:
          "Gives a redemption's amount back to the card; a cashier only within 15 minutes at their store, an admin at any time. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.",
        tags: ['transactions'],
        params: txParams,
        headers: IdempotencyKeyHeaders,
        body: VoidRequest,
        response: { 200: VoidResponse, ...posErrors },
      },
    },
    async (request, reply) => sendMoney(request, reply, await voidRedeem(db, posContextOf(request), request.params.id, request.body)),
  );

  /** POST /cards/{cardUid}/adjust: tenant_admin only; money route. */
  app.post(
    '/cards/:cardUid/adjust',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.admin, ledgerType: 'ADJUST' },
      schema: {
        summary: "Adjust a card's balance",
        description:
          'Credits or debits a card by up to $1,000.00 (cents, not zero) with a reason, as an ADJUST ledger row. Needs an `Idempotency-Key` header (400 without it); a retry with the same key and body replays the first answer with `Idempotent-Replayed: true`, the same key with another body is 409.',
        tags: ['transactions'],
        params: cardParams,
        headers: IdempotencyKeyHeaders,
        body: AdjustRequest,
        response: { 200: AdjustResponse, ...posErrors },
      },
    },
    async (request, reply) => sendMoney(request, reply, await adjustBalance(db, posContextOf(request), request.params.cardUid, request.body)),
  );
};
