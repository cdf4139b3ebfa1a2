import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, MyAccountResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { getMyAccount } from './service.ts';

/**
 * The signed-in customer's own account under /api/t/{slug}/me (docs/product.md 'Roles':
 * customer only). Scoped on the server
 * to the session's customer: nothing the client sends can name another customer.
 */
export const meRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  /**
   * GET /me → MyAccountResponse `{ customer, stats, recentTransactions }` (cents; 10 newest
   * ledger rows). ROLES.customer only: staff and platform_admin get 403 (they have no
   * customer record). 401 signed out, 404 'Tenant not found' for another tenant's slug, 404
   * 'Customer profile not found' when the session user has no customer record.
   */
  app.get(
    '/me',
    {
      config: { roles: ROLES.customer },
      schema: {
        summary: 'Read your customer account',
        description: "The signed-in customer's profile, stats and 10 newest ledger rows (cents). 404 when the session has no customer record.",
        tags: ['me'],
        params: z.object({ slug: z.string() }),
        response: { 200: MyAccountResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getMyAccount(db, tenantOf(request).id, request.user!.customerId, request.ctx.now),
  );
};
