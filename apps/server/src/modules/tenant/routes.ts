import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, TenantResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { getTenantView } from './service.ts';

/**
 * GET /api/t/{slug}/tenant → TenantResponse (spec §7). Any member of the tenant
 * (tenant_admin, cashier, customer; platform_admin anywhere). 401 signed out, 404 other tenant.
 */
export const tenantRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/tenant',
    {
      config: { roles: ROLES.member },
      schema: {
        tags: ['tenant'],
        params: z.object({ slug: z.string() }),
        response: { 200: TenantResponse, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getTenantView(db, tenantOf(request)),
  );
};
