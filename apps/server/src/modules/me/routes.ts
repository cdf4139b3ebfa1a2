import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, MyAccountResponse, MyBirthdayRequest, MyBirthdayResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { notFound } from '../../errors.ts';
import { setCustomerBirthday } from '../customers/index.ts';
import { PROFILE_NOT_FOUND } from './service.ts';
import { getMyAccount } from './service.ts';

/**
 * The signed-in customer's own account under /api/t/{slug}/me (docs/product.md 'Roles':
 * customer only). Scoped on the server
 * to the session's customer: nothing the client sends can name another customer.
 */
export const meRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
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
    async (request) =>
      getMyAccount(db, { id: tenantOf(request).id, slug: tenantOf(request).slug, publicUrl: config.publicUrl }, request.user!.customerId, request.ctx.now),
  );

  /**
   * PUT /me/birthday (MyBirthdayRequest `{ birthday: { month, day, year? } | null }`) →
   * MyBirthdayResponse `{ birthday }`: the signed-in customer sets or removes their own birthday
   * (docs/product.md 'Rewards'; a change restarts the 30 days before a birthday reward is paid).
   * ROLES.customer only (staff 403); 400 for an impossible date (nothing written); 404 'Customer
   * profile not found' without a customer record. Audited 'customer.update'.
   */
  app.put(
    '/me/birthday',
    {
      config: { roles: ROLES.customer },
      schema: {
        summary: 'Set your birthday',
        description: 'Month and day, year optional; null removes it. A birthday reward is not paid within 30 days of a change.',
        tags: ['me'],
        params: z.object({ slug: z.string() }),
        body: MyBirthdayRequest,
        response: { 200: MyBirthdayResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const customerId = request.user!.customerId;
      if (!customerId) throw notFound(PROFILE_NOT_FOUND);
      return setCustomerBirthday(db, tenantCtx(request), customerId, request.body.birthday);
    },
  );
};
