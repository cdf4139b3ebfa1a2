import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EraseCustomerRequest, EraseCustomerResponse, ErasureRequestListResponse, ErrorBody, MyErasureRequest } from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { PROFILE_NOT_FOUND } from '../me/index.ts';
import {
  customerExportFiles,
  eraseCustomer,
  eraseRequested,
  exportFileName,
  listErasureRequests,
  myErasureRequest,
  requestErasure,
  zipFiles,
  type ExportVia,
} from './service.ts';

const slugParams = z.object({ slug: z.string() });
/** `{id}` is any text: a malformed id answers 404 like an unknown one (the service checks the UUID form). */
const customerParams = z.object({ slug: z.string(), id: z.string() });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
/** POST /me/erasure-request body: the customer ticked 'I understand this cannot be undone'. */
const ErasureRequestBody = z.object({ confirm: z.literal(true, { error: 'Confirm that you want your data erased' }) });

/**
 * A customer's data rights under /api/t/{slug} (GDPR articles 15, 17 and 20; docs/security.md
 * 'Personal data', ADR 0026): the Store Admin's export and erasure of a customer, the customer's
 * own export and erasure request, and the Store Admins' list of requests. Every route is
 * tenant-scoped (404 for another tenant's slug or customer) and role-guarded (403).
 */
export const customerDataRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const sendZip = async (request: FastifyRequest, reply: FastifyReply, customerId: string, via: ExportVia) => {
    const files = await customerExportFiles(db, tenantCtx(request), customerId, via);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${exportFileName(customerId)}"`)
      .send(await zipFiles(files));
  };
  const ownCustomer = (request: FastifyRequest): string => {
    const id = request.user!.customerId;
    if (!id) throw notFound(PROFILE_NOT_FOUND);
    return id;
  };

  /**
   * GET /customers/{id}/export → application/zip `customer-data-{id}.zip`: README.txt,
   * customer.json, cards.json, transactions.csv, messages.json (export.ts). ROLES.admin; 404
   * 'Customer not found' (unknown, malformed or another tenant's). Audit row 'customer.export'.
   */
  app.get(
    '/customers/:id/export',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "Export a customer's personal data",
        description: "A ZIP of the customer's profile, cards, transactions and messages (the right of access); audited.",
        tags: ['customers'],
        params: customerParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => sendZip(request, reply, request.params.id, 'admin'),
  );

  /**
   * POST /customers/{id}/erase `{ confirm: '<full name>' }` → EraseCustomerResponse (service
   * `eraseCustomer`). ROLES.admin. 400 missing confirmation or a name that does not match
   * (nothing written), 404 'Customer not found', 409 'This customer has already been erased'.
   */
  app.post(
    '/customers/:id/erase',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: "Erase a customer's personal data",
        description:
          "Needs the customer's full name typed as confirmation (400 otherwise); names and contact details are replaced, remaining balances written off and the cards blocked; the ledger stays. 409 when already erased.",
        tags: ['customers'],
        params: customerParams,
        body: EraseCustomerRequest,
        response: { 200: EraseCustomerResponse, ...errors },
      },
    },
    async (request) => eraseCustomer(db, tenantCtx(request), request.params.id, request.body.confirm),
  );

  /** GET /me/export → the session's own customer's zip (as above). ROLES.customer; 404 'Customer profile not found' without a customer record. */
  app.get(
    '/me/export',
    {
      config: { roles: ROLES.customer },
      schema: {
        summary: 'Export your personal data',
        description: "A ZIP of the signed-in customer's own profile, cards, transactions and messages.",
        tags: ['me'],
        params: slugParams,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => sendZip(request, reply, ownCustomer(request), 'self'),
  );

  /** GET /me/erasure-request → MyErasureRequest `{ requestedAt, dueAt }` (null, null when none is open). ROLES.customer. */
  app.get(
    '/me/erasure-request',
    {
      config: { roles: ROLES.customer },
      schema: {
        summary: 'Read your erasure request',
        description: 'When the signed-in customer asked for erasure and when it is due, or nulls when none is open.',
        tags: ['me'],
        params: slugParams,
        response: { 200: MyErasureRequest, ...errors },
      },
    },
    async (request) => myErasureRequest(db, tenantOf(request).id, ownCustomer(request)),
  );

  /**
   * POST /me/erasure-request `{ confirm: true }` → 201 MyErasureRequest: the session's customer
   * asks for erasure (carried out by a Store Admin, or by the hourly job after 30 days).
   * ROLES.customer. 400 without the confirmation (nothing written). Audit row 'customer.erasure_request'.
   */
  app.post(
    '/me/erasure-request',
    {
      config: { roles: ROLES.customer },
      schema: {
        summary: 'Ask for your data to be erased',
        description: 'Needs `confirm: true`; a Store Admin carries it out, or the hourly job after 30 days. Audited.',
        tags: ['me'],
        params: slugParams,
        body: ErasureRequestBody,
        response: { 201: MyErasureRequest, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await requestErasure(db, tenantCtx(request), ownCustomer(request))),
  );

  /** GET /erasure-requests → ErasureRequestListResponse: the open requests, oldest first. ROLES.admin. */
  app.get(
    '/erasure-requests',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List open erasure requests',
        description: 'Customers who asked for erasure and are not erased yet, oldest first.',
        tags: ['customers'],
        params: slugParams,
        response: { 200: ErasureRequestListResponse, ...errors },
      },
    },
    async (request) => listErasureRequests(db, tenantOf(request).id),
  );

  /**
   * POST /erasure-requests/{id}/erase → EraseCustomerResponse: one-click erasure of a customer
   * who asked for it. ROLES.admin. 404 'Erasure request not found' (none open, malformed or
   * another tenant's id), 409 already erased.
   */
  app.post(
    '/erasure-requests/:id/erase',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Carry out an erasure request',
        description: 'Erases the personal data of the customer who asked, in one click. 404 when no such request is open, 409 when already erased.',
        tags: ['customers'],
        params: customerParams,
        response: { 200: EraseCustomerResponse, ...errors },
      },
    },
    async (request) => eraseRequested(db, tenantCtx(request), request.params.id),
  );
};
