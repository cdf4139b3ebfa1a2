import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CashbackRulesRequest,
  CashbackRulesResponse,
  ErrorBody,
  ExpiryRuleRequest,
  ExpiryRuleResponse,
  InitializeRulesResponse,
  Offer,
  OfferInput,
  OfferListResponse,
  TierRulesRequest,
  TierRulesResponse,
} from '@loyalty/contract';
import type { Database } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { ROLES, tenantOf, tenantCtx } from '../../http/tenant-context.ts';
import { getCashbackRules, putCashbackRules } from './cashback-rules.ts';
import { initializeRules } from './initialize.ts';
import { createOffer, listOffers, updateOffer } from './offers.ts';
import { getTierRules, putTierRules } from './tier-rules.ts';
import { getExpiryRuleView, putExpiryRule } from './expiry.ts';

const slugParams = z.object({ slug: z.string() });
const offerParams = z.object({ slug: z.string(), id: z.string().max(100) });
const readErrors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const writeErrors = { 400: ErrorBody, ...readErrors };

/**
 * Rules & Settings routes under /api/t/{slug}/rules (docs/product.md 'Cashback', 'Tiers',
 * 'Offers', 'Expiry'; ADR 0007). Every route is ROLES.admin
 * (tenant_admin; platform_admin passes; cashier and customer 403), tenant-scoped (another
 * tenant's slug or offer is 404), 401 signed out. Rates in bps (0–10000), money in cents,
 * timestamps ISO 8601. Every change writes an audit_log row. The earn (transactions/service.ts
 * loadProgramme) reads exactly these tables, so the next earn follows a change at once.
 */
export const ruleRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db }) => {
  /** GET /rules/cashback → CashbackRulesResponse `{ rules }` (PURCHASE, REPAIR, OTHER order). ROLES.admin. */
  app.get(
    '/rules/cashback',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read the cashback rates',
        description: 'The base rate (bps) of each category: PURCHASE, REPAIR, OTHER.',
        tags: ['rules'],
        params: slugParams,
        response: { 200: CashbackRulesResponse, ...readErrors },
      },
    },
    async (request) => getCashbackRules(db, tenantOf(request).id),
  );

  /**
   * PUT /rules/cashback (CashbackRulesRequest `{ rules: [{ category, baseRateBps, isActive }] }`)
   * → CashbackRulesResponse: replaces the set atomically; categories left out are deleted
   * (0 bps at the next earn). ROLES.admin. 400 rate outside 0–10000 bps or a category twice
   * (nothing written).
   */
  app.put(
    '/rules/cashback',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Replace the cashback rates',
        description: "Replaces every category's base rate (0 to 10000 bps) at once; a category left out earns 0 bps from the next earn. Audited.",
        tags: ['rules'],
        params: slugParams,
        body: CashbackRulesRequest,
        response: { 200: CashbackRulesResponse, ...writeErrors },
      },
    },
    async (request) => putCashbackRules(db, tenantCtx(request), request.body),
  );

  /** GET /rules/tiers → TierRulesResponse `{ rules }` (SILVER, GOLD, PLATINUM order). ROLES.admin. */
  app.get(
    '/rules/tiers',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read the tier rules',
        description: 'The SILVER, GOLD and PLATINUM tiers with their spend thresholds (cents) and bonus rates (bps).',
        tags: ['rules'],
        params: slugParams,
        response: { 200: TierRulesResponse, ...readErrors },
      },
    },
    async (request) => getTierRules(db, tenantOf(request).id),
  );

  /**
   * PUT /rules/tiers (TierRulesRequest) → TierRulesResponse `{ rules, customersRetiered }`:
   * replaces the tier rules and re-tiers every customer of the tenant in the same transaction.
   * ROLES.admin. 400 'Tier thresholds must increase: SILVER < GOLD < PLATINUM', negative
   * spend, rate outside 0–10000 bps, a tier twice, blank name (nothing written).
   */
  app.put(
    '/rules/tiers',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Replace the tier rules',
        description: 'Thresholds must increase from SILVER to PLATINUM, rates 0 to 10000 bps; every customer is re-tiered in the same transaction. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: TierRulesRequest,
        response: { 200: TierRulesResponse, ...writeErrors },
      },
    },
    async (request) => putTierRules(db, tenantCtx(request), request.body),
  );

  /**
   * POST /rules/initialize → InitializeRulesResponse `{ cashbackRules, tierRules }`: the
   * defaults (docs/product.md 'Cashback') replace the current rules; customers re-tiered. ROLES.admin. No body.
   */
  app.post(
    '/rules/initialize',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Reset the rules to the defaults',
        description: "Replaces the cashback and tier rules with the product's defaults and re-tiers every customer. Audited.",
        tags: ['rules'],
        params: slugParams,
        response: { 200: InitializeRulesResponse, ...readErrors },
      },
    },
    async (request) => initializeRules(db, tenantCtx(request)),
  );

  /** GET /rules/offers → OfferListResponse `{ offers }`, newest first, active and inactive. ROLES.admin. */
  app.get(
    '/rules/offers',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'List the offers',
        description: 'Every offer of the business, active or not, newest first.',
        tags: ['rules'],
        params: slugParams,
        response: { 200: OfferListResponse, ...readErrors },
      },
    },
    async (request) => listOffers(db, tenantOf(request).id),
  );

  /**
   * POST /rules/offers (OfferInput) → 201 Offer. ROLES.admin. 400 'Offer name is required',
   * bonus outside 0–10000 bps, missing dates, 'End date must be after the start date'
   * (nothing written).
   */
  app.post(
    '/rules/offers',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Create an offer',
        description: 'A bonus rate (0 to 10000 bps) on earns between a start and an end date. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: OfferInput,
        response: { 201: Offer, ...writeErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createOffer(db, tenantCtx(request), request.body)),
  );

  /**
   * PUT /rules/offers/{id} (OfferInput) → Offer, every field replaced. ROLES.admin. 404
   * 'Offer not found' (unknown, malformed or another tenant's id); 400 as for POST.
   */
  app.put(
    '/rules/offers/:id',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Replace an offer',
        description: 'Every field of the offer replaced, with the same rules as creating one. Audited.',
        tags: ['rules'],
        params: offerParams,
        body: OfferInput,
        response: { 200: Offer, ...writeErrors },
      },
    },
    async (request) => updateOffer(db, tenantCtx(request), request.params.id, request.body),
  );

  /** GET /rules/expiry → ExpiryRuleResponse `{ policy, days, updatedAt }` (NEVER/365/null when none saved). ROLES.admin. */
  app.get(
    '/rules/expiry',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Read the cashback expiry rule',
        description: 'Whether cashback expires (NEVER or AFTER_EARN) and after how many days.',
        tags: ['rules'],
        params: slugParams,
        response: { 200: ExpiryRuleResponse, ...readErrors },
      },
    },
    async (request) => getExpiryRuleView(db, tenantOf(request).id),
  );

  /**
   * PUT /rules/expiry (ExpiryRuleRequest `{ policy, days }`) → ExpiryRuleResponse, the saved
   * rule. ROLES.admin. 400 'Days must be between 30 and 1825' (days missing under
   * AFTER_EARN or out of range; nothing written). Applies to cashback credited afterwards.
   */
  app.put(
    '/rules/expiry',
    {
      config: { roles: ROLES.admin },
      schema: {
        summary: 'Set the cashback expiry rule',
        description: 'NEVER, or AFTER_EARN with 30 to 1825 days; applies to cashback credited afterwards. Audited.',
        tags: ['rules'],
        params: slugParams,
        body: ExpiryRuleRequest,
        response: { 200: ExpiryRuleResponse, ...writeErrors },
      },
    },
    async (request) => putExpiryRule(db, tenantCtx(request), request.body, request.ctx.now),
  );
};
