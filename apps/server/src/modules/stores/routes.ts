import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, StoreInput, StoreItem, StoreListResponse } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf, tenantCtx } from '../../http/tenant-context.ts';
import { createStore } from './create-store.ts';
import { listStores } from './list-stores.ts';
import { updateStore } from './update-store.ts';

const slugParams = z.object({ slug: z.string() });
/** `id` is any string here: a malformed id answers 404 'Store not found' like an unknown one. */
const storeParams = z.object({ slug: z.string(), id: z.string() });

/**
 * Store routes under /api/t/{slug}/stores.
 * GET is ROLES.staff (see its handler); POST and PUT are ROLES.admin (tenant_admin; the
 * platform_admin passes wherever tenant_admin does). Every route: 401 signed out, 404 for
 * another tenant's slug or store.
 */
export const storeRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  /**
   * GET /stores → StoreListResponse `{ stores }` sorted by name, each with `_count` (users,
   * cards, transactions). Role decision: ROLES.staff (tenant_admin and cashier), although
   * the Stores page is the tenant_admin's only: the Cards page, open to cashiers,
   * needs the store list for its Assign Card and Assign Store modals. Reading store names
   * and counts reveals nothing a cashier cannot see on the Cards and Transactions pages.
   * 401 signed out, 403 customer, 404 other tenant.
   */
  app.get(
    '/stores',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "List the business's stores",
        description: 'Every store by name, with counts of its users, cards and transactions.',
        tags: ['stores'],
        params: slugParams,
        response: { 200: StoreListResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listStores(db, tenantOf(request).id),
  );

  /**
   * POST /stores (StoreInput `{ name, address?, active?, selfEnrolment?, selfEnrolmentDailyCap? }`;
   * selfEnrolment defaults to false and the daily cap to 50, ADR 0027) → 201 StoreItem with `_count` zeros. ROLES.admin. 400 'Store
   * name is required' (details `body.name`) or a daily cap outside 1–1000, 403 cashier or customer, 403 FORBIDDEN 'Your
   * {plan} plan allows {n} store(s). Upgrade to add more.' (plan store limit
   * 'Trial, subscription and quota'), 409 'A store with this name already exists', 422 'A business
   * can have at most 1,000 stores' (ADR 0045). Nothing is
   * written on an error.
   */
  app.post(
    '/stores',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Create a store',
        description:
          "Self-enrolment is off and its daily cap 50 unless given (1 to 1000). 403 beyond the plan's store limit, 409 for a name the business already uses, 422 beyond 1,000 stores.",
        tags: ['stores'],
        params: slugParams,
        body: StoreInput,
        response: { 201: StoreItem, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await createStore(db, tenantCtx(request), request.body)),
  );

  /**
   * PUT /stores/{id} (StoreInput: name, address, active, selfEnrolment, selfEnrolmentDailyCap:
   * ADR 0027, absent keeps the stored value) → 200 StoreItem with its counts. ROLES.admin. 400
   * 'Store name is required', a non-boolean `active`/`selfEnrolment` or a daily cap outside
   * 1–1000, 404 'Store not found' (unknown,
   * malformed or another tenant's id), 409 duplicate name, 403 plan limit when re-activating
   * a store.
   */
  app.put(
    '/stores/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a store',
        description:
          "Changes name, address, active state and self-enrolment settings; fields left out keep their value. 403 beyond the plan's store limit when re-activating, 409 for a duplicate name.",
        tags: ['stores'],
        params: storeParams,
        body: StoreInput,
        response: { 200: StoreItem, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request) => updateStore(db, tenantCtx(request), request.params.id, request.body),
  );
};
