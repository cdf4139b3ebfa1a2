import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, StoreListResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { listStores } from './service.ts';

/**
 * Store routes under /api/t/{slug}/stores (spec §7 'Stores'). For now GET only; POST and
 * PUT come with the stores issue.
 */
export const storeRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  /**
   * GET /stores → StoreListResponse `{ stores }` sorted by name, each with `_count` (users,
   * cards, transactions). Role decision: ROLES.staff (tenant_admin and cashier), although
   * spec §6 gives the Stores page to tenant_admin only: the Cards page, open to cashiers,
   * needs the store list for its Assign Card and Assign Store modals. Reading store names
   * and counts reveals nothing a cashier cannot see on the Cards and Transactions pages.
   * Writes (POST, PUT) will be ROLES.admin. 401 signed out, 403 customer, 404 other tenant.
   */
  app.get(
    '/stores',
    {
      config: { roles: ROLES.staff },
      schema: { tags: ['stores'], params: z.object({ slug: z.string() }), response: { 200: StoreListResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request) => listStores(db, tenantOf(request).id),
  );
};
