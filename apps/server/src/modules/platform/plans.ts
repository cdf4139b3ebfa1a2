import type { PlanInput, PlatformPlan, PlatformPlanListResponse } from '@loyalty/contract';
import type { RequestContext } from '../../context.ts';
import type { Database, DbOrTx } from '../../db/client.ts';
import { pgError } from '../../db/pg-error.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { deletePlanRow, insertPlan, listPlanRows, lockPlan, type PlanRow, tenantsOnPlan, tenantsPerPlan, updatePlanRow } from '../tenants/index.ts';
import { PLATFORM_AUDIT, writePlatformAudit } from './audit.ts';

/** 404 text for an unknown or malformed plan id. */
const PLAN_NOT_FOUND = 'Plan not found';
/** 409 text of DELETE /api/platform/plans/{id} when tenants are on the plan. */
const planInUse = (n: number) => `This plan is used by ${n} tenant(s) and cannot be deleted`;

function toPlatformPlan(p: PlanRow, tenantsCount: number): PlatformPlan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceMonthly: p.priceMonthlyCents,
    billingPeriod: p.billingPeriod,
    stripePriceId: p.stripePriceId,
    features: p.features,
    limits: p.limits,
    isActive: p.isActive,
    sortOrder: p.sortOrder,
    tenantsCount,
  };
}

/**
 * GET /api/platform/plans (docs/product.md 'Roles'): every plan, inactive
 * ones included, by sortOrder, then price (cents), then id; tenantsCount = tenants whose
 * planId is the plan (one grouped query).
 */
export async function listPlatformPlans(db: DbOrTx): Promise<PlatformPlanListResponse> {
  const [rows, by] = await Promise.all([listPlanRows(db), tenantsPerPlan(db)]);
  return { plans: rows.map((p) => toPlatformPlan(p, by.get(p.id) ?? 0)) };
}

/**
 * POST /api/platform/plans: creates a plan from PlanInput (the
 * contract validates: 400 on a bad field). sortOrder defaults to one after the last plan.
 * Audit row 'platform.plan.create' (actor: the operator of `ctx`) in the same transaction. Returns the PlatformPlan
 * (tenantsCount 0).
 */
export async function createPlan(db: Database, ctx: RequestContext, input: PlanInput): Promise<PlatformPlan> {
  return db.transaction(async (tx) => {
    const plan = await insertPlan(tx, input);
    await writePlatformAudit(tx, ctx, { action: PLATFORM_AUDIT.planCreate, entity: 'plan', entityId: plan.id, after: toPlatformPlan(plan, 0) });
    return toPlatformPlan(plan, 0);
  });
}

/**
 * PUT /api/platform/plans/{id}: replaces the plan's fields with PlanInput
 * (sortOrder kept when left out). Tenants on the plan get its new limits at once (the quota
 * reads the plan). Audit row 'platform.plan.update' (before/after; actor: the operator of `ctx`). 404 'Plan not found' for
 * an unknown or malformed id. Returns the PlatformPlan.
 */
export async function updatePlan(db: Database, ctx: RequestContext, id: string, input: PlanInput): Promise<PlatformPlan> {
  if (!isUuid(id)) throw notFound(PLAN_NOT_FOUND);
  return db.transaction(async (tx) => {
    const before = await lockPlan(tx, id);
    if (!before) throw notFound(PLAN_NOT_FOUND);
    const after = await updatePlanRow(tx, id, input, before.sortOrder);
    const count = await tenantsOnPlan(tx, id);
    await writePlatformAudit(tx, ctx, {
      action: PLATFORM_AUDIT.planUpdate,
      entity: 'plan',
      entityId: id,
      before: toPlatformPlan(before, count),
      after: toPlatformPlan(after, count),
    });
    return toPlatformPlan(after, count);
  });
}

/**
 * DELETE /api/platform/plans/{id} (docs/product.md 'Roles' Plans). Refused with 409 'This plan
 * is used by {n} tenant(s) and cannot be deleted' while any tenant has it as planId (also when
 * a tenant takes it meanwhile: the foreign key refuses and the answer is the same 409).
 * Payments and subscription events that name the plan keep their rows (plan_id set NULL).
 * Audit row 'platform.plan.delete' (actor: the operator of `ctx`). 404 'Plan not found' for an unknown or malformed id.
 */
export async function deletePlan(db: Database, ctx: RequestContext, id: string): Promise<void> {
  if (!isUuid(id)) throw notFound(PLAN_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const plan = await lockPlan(tx, id);
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      const n = await tenantsOnPlan(tx, id);
      if (n > 0) throw conflict(planInUse(n));
      await deletePlanRow(tx, id);
      await writePlatformAudit(tx, ctx, { action: PLATFORM_AUDIT.planDelete, entity: 'plan', entityId: id, before: toPlatformPlan(plan, 0) });
    });
  } catch (err) {
    if (!(err instanceof AppError) && pgError(err)?.code === '23503') throw conflict(planInUse(Math.max(1, await tenantsOnPlan(db, id))));
    throw err;
  }
}
