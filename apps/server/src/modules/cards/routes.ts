import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CardActivateRequest,
  CardBatchRequest,
  CardBatchResponse,
  CardListQuery,
  CardListResponse,
  CardResponse,
  CardStoreRequest,
  ErrorBody,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantCtx, tenantOf } from '../../http/tenant-context.ts';
import { activateCard, type WelcomeBonus } from './activate-card.ts';
import { changeCardStore } from './change-card-store.ts';
import { createCardBatch } from './create-card-batch.ts';
import { getCardView } from './get-card.ts';
import { listCards } from './list-cards.ts';
import { toggleCardBlock } from './toggle-card-block.ts';
import { type QrContext } from './card-rows.ts';
import type { Jobs } from '../../lib/jobs.ts';

const slugParams = z.object({ slug: z.string() });
const cardParams = z.object({ slug: z.string(), cardUid: z.string().min(1).max(200) });
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/**
 * Card routes under /api/t/{slug}/cards. Every
 * route is tenant-scoped (another tenant's card or store is 404, never 403); 401 signed out.
 * Roles (docs/product.md 'Roles' gives cards to tenant_admin and cashier; platform_admin passes wherever
 * tenant_admin does):
 * - GET /cards, GET /cards/{cardUid}, POST /cards/batch, POST /cards/activate,
 *   PUT /cards/{cardUid}/store: ROLES.staff (tenant_admin, cashier).
 * - POST /cards/{cardUid}/block: ROLES.admin (tenant_admin only), see its handler.
 */
export const cardRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; jobs: Jobs; welcome: WelcomeBonus }> = async (
  app,
  { db, config, jobs, welcome },
) => {
  const qrOf = (request: FastifyRequest): QrContext => ({
    publicUrl: config.publicUrl,
    secret: config.qrTokenSecret,
    slug: tenantOf(request).slug,
    applePasses: config.wallet.applePasses,
  });

  /**
   * GET /cards?status&search&page&limit → CardListResponse `{ cards, total, pages }`, newest
   * first; search on card UID or customer name. ROLES.staff. 400 bad query.
   */
  app.get(
    '/cards',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: "List the business's cards",
        description:
          'Newest first, with holder, store and QR link; filter by status, search on card UID or customer name, paged with `page` and `limit` (at most 200).',
        tags: ['cards'],
        params: slugParams,
        querystring: CardListQuery,
        response: { 200: CardListResponse, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listCards(db, tenantOf(request).id, request.query, qrOf(request)),
  );

  /**
   * POST /cards/batch (CardBatchRequest: count or quantity 1..1000, default 10; storeId
   * optional) → 201 CardBatchResponse. ROLES.staff (docs/product.md 'Roles'). Errors (the `error`
   * strings the web matches): 400 'Batch size too large', 400 'Card limit exceeded' (trial),
   * 400 VALIDATION_ERROR count < 1, 403 'Subscription required', 403 'Card creation blocked'
   * (CANCELED, NONE, PAST_DUE after grace: our decision, the POS gate), 403
   * 'Insufficient subscription allowance' (plan), 404 'Store not found'.
   */
  app.post(
    '/cards/batch',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Create a batch of unassigned cards',
        description:
          "Creates 1 to 1000 new unassigned cards (default 10), optionally for a store. Refused with 400 or 403 beyond the trial card limit, the plan's allowance or without a subscription.",
        tags: ['cards'],
        params: slugParams,
        body: CardBatchRequest,
        response: { 201: CardBatchResponse, ...errors },
      },
    },
    async (request, reply) => {
      const body = await createCardBatch(db, tenantCtx(request), qrOf(request), request.body);
      return reply.status(201).send(body);
    },
  );

  /**
   * POST /cards/activate (CardActivateRequest) → 200 CardResponse: UNASSIGNED → ACTIVE with a
   * store and an existing card-less customer or a new one (docs/product.md 'Cards'). ROLES.staff.
   * 400 'Select a customer or enter a new one', 403 'Subscription required', 404 card / store /
   * customer, 409 'This customer already has a card' / 'A customer with this email already
   * exists', 422 'Card is already assigned'.
   */
  app.post(
    '/cards/activate',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Activate a card for a customer',
        description:
          'Assigns an unassigned card to a store and to an existing card-less customer or a new one, and queues the welcome e-mail. 409 when the customer already has a card or the email is taken, 422 when the card is already assigned.',
        tags: ['cards'],
        params: slugParams,
        body: CardActivateRequest,
        response: { 200: CardResponse, ...errors },
      },
    },
    async (request) => {
      const card = await activateCard(db, tenantCtx(request), qrOf(request), request.body, welcome);
      // The welcome message (docs/product.md 'E-mail') may have been written: ask the outbox worker to send it now.
      jobs.nudge('outbox');
      return card;
    },
  );

  /**
   * GET /cards/{cardUid}: the POS lookup → CardResponse; ROLES.staff; 404 unknown or another
   * tenant's card. The UID is normalised (spaces, dashes, case; a scanned URL).
   */
  app.get(
    '/cards/:cardUid',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Look up a card at the till',
        description:
          'The card with its status, balance in cents, holder and store. The UID is normalised (spaces, dashes, case, a scanned card URL); 404 for an unknown card.',
        tags: ['cards'],
        params: cardParams,
        response: { 200: CardResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getCardView(db, tenantOf(request).id, request.params.cardUid, qrOf(request)),
  );

  /**
   * POST /cards/{cardUid}/block → 200 CardResponse: toggles ACTIVE ↔ BLOCKED, reason
   * 'Admin action', audit-logged (docs/product.md 'Cards'). Role decision: ROLES.admin (tenant_admin;
   * platform_admin passes). docs/product.md 'Roles' opens the Cards page to cashiers too, but blocking
   * freezes a customer's balance and unblocking undoes an owner's fraud stop; the spec lists
   * Block/Unblock among the admin's card management actions, so a cashier gets 403. Body
   * ignored. 404 unknown card, 422 'Unassigned cards cannot be blocked'.
   */
  app.post(
    '/cards/:cardUid/block',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Block or unblock a card',
        description: 'Toggles an assigned card between ACTIVE and BLOCKED (a blocked card cannot earn or redeem); audited. 422 for an unassigned card.',
        tags: ['cards'],
        params: cardParams,
        response: { 200: CardResponse, ...errors },
      },
    },
    async (request) => toggleCardBlock(db, tenantCtx(request), qrOf(request), request.params.cardUid),
  );

  /**
   * PUT /cards/{cardUid}/store (CardStoreRequest) → 200 CardResponse: moves an assigned
   * (ACTIVE or BLOCKED) card to another store of the tenant; balance and history stay.
   * ROLES.staff. 400 bad body, 404 card / 'Store not found', 422 'Only assigned cards can
   * change store'.
   */
  app.put(
    '/cards/:cardUid/store',
    {
      config: { roles: ROLES.staff },
      schema: {
        summary: 'Move a card to another store',
        description: 'Moves an active or blocked card to another store of the business; balance and history stay. 422 for an unassigned card.',
        tags: ['cards'],
        params: cardParams,
        body: CardStoreRequest,
        response: { 200: CardResponse, ...errors },
      },
    },
    async (request) => changeCardStore(db, tenantCtx(request), qrOf(request), request.params.cardUid, request.body),
  );
};
