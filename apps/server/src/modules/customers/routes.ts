import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AvailableCustomersResponse, CustomerDetail, CustomerInput, CustomerListQuery, CustomerListResponse, ErrorBody } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { ROLES, tenantOf, tenantCtx } from '../../http/tenant-context.ts';
import { createCustomer } from './create-customer.ts';
import { deleteCustomer } from './delete-customer.ts';
import { getCustomerDetail } from './get-customer.ts';
import { listAvailableCustomers, listCustomers } from './list-customers.ts';
import { updateCustomer } from './update-customer.ts';

/** Query of GET /customers/available: optional search text, at most 100 characters. */
const AvailableQuery = z.object({ search: z.string().trim().max(100).optional() });

const slugParams = z.object({ slug: z.string() });
/** `{id}` is any text (the router caps it at 100 characters, 414): a malformed id answers 404 like an unknown one (the service checks the UUID form). */
const customerParams = z.object({ slug: z.string(), id: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

/**
 * Customer routes under /api/t/{slug}/customers. All ROLES.admin (docs/product.md 'Roles': customers are tenant_admin only; platform_admin
 * passes): 401 signed out, 403 cashier or customer, 404 another tenant's slug or customer.
 * `/customers/available` is a static path, so the router prefers it to `/customers/:id`
 * whatever the registration order.
 */
export const customerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  /**
   * GET /customers/available?search= → AvailableCustomersResponse `{ customers }`: this
   * tenant's customers without cards, name/email/phone search, at most 50, by last name.
   * ROLES.admin (docs/product.md 'Roles': customers are tenant_admin only; platform_admin passes), so a
   * cashier assigning a card can only enter a new customer. 400 search over 100 characters,
   * 401 signed out, 403 cashier or customer, 404 other tenant.
   */
  app.get(
    '/customers/available',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Find customers without a card',
        description: "Up to 50 of the business's customers who have no card, by last name, searched on name, email or phone; for assigning a card.",
        tags: ['customers'],
        params: slugParams,
        querystring: AvailableQuery,
        response: { 200: AvailableCustomersResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listAvailableCustomers(db, tenantOf(request).id, request.query.search),
  );

  /**
   * GET /customers?search&page&limit (CustomerListQuery: page from 1, limit 1..200, default
   * 50) → CustomerListResponse `{ customers, total, pages }`, newest first; search on first,
   * last or full name, e-mail or phone (case-insensitive, contains). Each row with tier,
   * totalSpendCents and activeCards (ACTIVE cards). ROLES.admin. 400 bad query.
   */
  app.get(
    '/customers',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "List the business's customers",
        description:
          'Newest first, each with tier, total spend in cents and active cards; search on name, email or phone, paged with `page` and `limit` (default 50, at most 200).',
        tags: ['customers'],
        params: slugParams,
        querystring: CustomerListQuery,
        response: { 200: CustomerListResponse, ...errors },
      },
    },
    async (request) => listCustomers(db, tenantOf(request).id, request.query),
  );

  /**
   * POST /customers (CustomerInput: firstName and lastName required, e-mail and phone
   * optional, '' meaning none) → 201 CustomerDetail (tier from the tier rules at a spend of
   * 0, no cards). ROLES.admin. 400 VALIDATION_ERROR with field details (nothing written), 409
   * 'A customer with this email already exists' (details on body.email). Audit-logged.
   */
  app.post(
    '/customers',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Add a customer',
        description:
          'First and last name required, email and phone optional; the tier follows the tier rules at a spend of 0. 409 when the email is taken in this business; audited.',
        tags: ['customers'],
        params: slugParams,
        body: CustomerInput,
        response: { 201: CustomerDetail, ...errors },
      },
    },
    async (request, reply) => {
      const body = await createCustomer(db, tenantCtx(request), request.body, request.ctx.now);
      return reply.status(201).send(body);
    },
  );

  /**
   * GET /customers/{id} → CustomerDetail with cards (UID, balance in cents, status, store
   * name, activatedAt): the Customer Details modal. ROLES.admin. 404 'Customer not
   * found' for an unknown, another tenant's or malformed id.
   */
  app.get(
    '/customers/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read a customer',
        description: 'The customer with their cards: UID, balance in cents, status, store and activation time.',
        tags: ['customers'],
        params: customerParams,
        response: { 200: CustomerDetail, ...errors },
      },
    },
    async (request) => getCustomerDetail(db, tenantOf(request).id, request.params.id),
  );

  /**
   * PUT /customers/{id} (CustomerInput) → CustomerDetail: edits names, e-mail and phone.
   * ROLES.admin. 400 bad body (nothing written), 404 'Customer not
   * found', 409 'A customer with this email already exists'. Audit-logged with before/after.
   */
  app.put(
    '/customers/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Update a customer',
        description: 'Changes names, email and phone. 409 when the email is taken in this business; audited with before and after.',
        tags: ['customers'],
        params: customerParams,
        body: CustomerInput,
        response: { 200: CustomerDetail, ...errors },
      },
    },
    async (request) => updateCustomer(db, tenantCtx(request), request.params.id, request.body),
  );

  /**
   * DELETE /customers/{id} → 204. ROLES.admin. 404 'Customer not
   * found'; 409 CONFLICT 'This customer has assigned cards. Unassign their cards before
   * deleting the customer.' while any card is assigned, or 'This customer has transactions in
   * the ledger and cannot be deleted.' (the ledger is append-only, docs/product.md 'Ledger'); nothing is
   * deleted then. Audit-logged.
   */
  app.delete(
    '/customers/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Delete a customer',
        description: 'Only a customer without assigned cards or ledger rows can be deleted (409 otherwise: the ledger is append-only); audited.',
        tags: ['customers'],
        params: customerParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteCustomer(db, tenantCtx(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
