import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EarnRequest, EarnResponse, ErrorBody, IdempotencyKeyHeaders, RedeemRequest, RedeemResponse, TransactionListQuery, TransactionListResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { moneyRouteOptions } from '../../http/idempotency.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { earn, listTransactions, redeem } from './service.ts';

const slugParams = z.object({ slug: z.string() });
const posErrors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/**
 * Ledger routes under /api/t/{slug}/transactions (spec §7), tenant_admin and cashier:
 * POST /earn and /redeem (money routes: the `Idempotency-Key` header is required, else 400
 * 'Idempotency-Key header required' and nothing moves, issue 12 item 8; a replay carries
 * `Idempotent-Replayed: true`) and GET / (filters and pagination).
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post(
    '/transactions/earn',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.staff },
      schema: { tags: ['transactions'], params: slugParams, headers: IdempotencyKeyHeaders, body: EarnRequest, response: { 200: EarnResponse, ...posErrors } },
    },
    async (request, reply) => {
      const result = await earn(db, { tenant: tenantOf(request), user: request.user!, idempotencyKey: request.headers['idempotency-key'] }, request.body);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    },
  );

  app.post(
    '/transactions/redeem',
    {
      ...moneyRouteOptions,
      config: { roles: ROLES.staff },
      schema: { tags: ['transactions'], params: slugParams, headers: IdempotencyKeyHeaders, body: RedeemRequest, response: { 200: RedeemResponse, ...posErrors } },
    },
    async (request, reply) => {
      const result = await redeem(db, { tenant: tenantOf(request), user: request.user!, idempotencyKey: request.headers['idempotency-key'] }, request.body);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(result.status).send(result.body);
    },
  );

  app.get(
    '/transactions',
    {
      config: { roles: ROLES.staff },
      schema: { tags: ['transactions'], params: slugParams, querystring: TransactionListQuery, response: { 200: TransactionListResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request) => listTransactions(db, tenantOf(request).id, request.query),
  );
};
