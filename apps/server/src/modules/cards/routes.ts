import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CardResponse, ErrorBody } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf } from '../../http/tenant-context.ts';
import { getCardView } from './service.ts';

/**
 * Card routes under /api/t/{slug}/cards (spec §7 'Cards'). For now the POS lookup:
 * GET /cards/{cardUid} → CardResponse; tenant_admin and cashier; 404 unknown or other tenant.
 */
export const cardRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/cards/:cardUid',
    {
      config: { roles: ROLES.staff },
      schema: {
        tags: ['cards'],
        params: z.object({ slug: z.string(), cardUid: z.string().min(1).max(200) }),
        response: { 200: CardResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const tenant = tenantOf(request);
      return getCardView(db, tenant.id, request.params.cardUid, { publicUrl: config.publicUrl, secret: config.qrTokenSecret, slug: tenant.slug });
    },
  );
};
