import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AvailableCustomersResponse, ErrorBody } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { listAvailableCustomers } from './service.ts';

/** Query of GET /customers/available: optional search text, at most 100 characters. */
const AvailableQuery = z.object({ search: z.string().trim().max(100).optional() });

/**
 * Customer routes under /api/t/{slug}/customers (spec §7 'Customers'). For now the Assign
 * Card modal's list; the customers CRUD comes with its own issue.
 */
export const customerRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  /**
   * GET /customers/available?search= → AvailableCustomersResponse `{ customers }`: this
   * tenant's customers without cards, name/email/phone search, at most 50, by last name.
   * ROLES.admin (spec §6: customers are tenant_admin only; platform_admin passes), so a
   * cashier assigning a card can only enter a new customer. 400 search over 100 characters,
   * 401 signed out, 403 cashier or customer, 404 other tenant.
   */
  app.get(
    '/customers/available',
    {
      config: { roles: ROLES.admin },
      schema: { tags: ['customers'], params: z.object({ slug: z.string() }), querystring: AvailableQuery, response: { 200: AvailableCustomersResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    },
    async (request) => listAvailableCustomers(db, tenantOf(request).id, request.query.search),
  );
};
