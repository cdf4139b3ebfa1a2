import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { PlanInput, PlatformPlan, PlatformPlanListResponse } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { pgError } from '../../db/pg-error.ts';
import { plans, tenants } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { PLATFORM_AUDIT, writePlatformAudit } from './audit.ts';

/** 404 text for an unknown or malformed plan id. */
export const PLAN_NOT_FOUND = 'Plan not found';
/** 409 text of DELETE /api/platform/plans/{id} when tenants are on the plan. */
export const planInUse = (n: number) => `This plan is used by ${n} tenant(s) and cannot be deleted`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
type PlanRow = typeof plans.$inferSelect;

function toPlatformPlan(p: PlanRow, tenantsCount: number): PlatformPlan {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priceMonthly: p.priceMonthlyCents,
    billingPeriod: p.billingPeriod as PlatformPlan['billingPeriod'],
    stripePriceId: p.stripePriceId,
    features: p.features,
    limits: p.limits,
    isActive: p.isActive,
    sortOrder: p.sortOrder,
    tenantsCount,
  };
}

async function tenantsOnPlan(db: DbOrTx, planId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants).where(eq(tenants.planId, planId));
  return row?.n ?? 0;
}

/** Plan columns of a PlanInput (priceMonthly in cents; limits −1 unlimited). */
function planValues(input: PlanInput) {
  return {
    name: input.name,
    description: input.description,
    priceMonthlyCents: input.priceMonthly,
    billingPeriod: input.billingPeriod,
    stripePriceId: input.stripePriceId,
    features: input.features,
    limits: input.limits,
    isActive: input.isActive,
  };
}

/**
 * GET /api/platform/plans (spec §2 'Platform area' Plans, §3 'Plan'): every plan, inactive
 * ones included, by sortOrder, then price (cents), then id; tenantsCount = tenants whose
 * planId is the plan (one grouped query).
 */
export async function listPlatformPlans(db: DbOrTx): Promise<PlatformPlanListResponse> {
  const [rows, counts] = await Promise.all([
    db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.priceMonthlyCents), asc(plans.id)),
    db.select({ planId: tenants.planId, n: sql<number>`count(*)::int` }).from(tenants).where(isNotNull(tenants.planId)).groupBy(tenants.planId),
  ]);
  const by = new Map(counts.map((c) => [c.planId, c.n]));
  return { plans: rows.map((p) => toPlatformPlan(p, by.get(p.id) ?? 0)) };
}

/**
 * POST /api/platform/plans (spec §3 'Plan', §5 'Plan'): creates a plan from PlanInput (the
 * contract validates: 400 on a bad field). sortOrder defaults to one after the last plan.
 * Audit row 'platform.plan.create' in the same transaction. Returns the PlatformPlan
 * (tenantsCount 0).
 */
export async function createPlan(db: Database, input: PlanInput, actorId: string | null): Promise<PlatformPlan> {
  return db.transaction(async (tx) => {
    let sortOrder = input.sortOrder;
    if (sortOrder === undefined) {
      const [row] = await tx.select({ max: sql<number | null>`max(${plans.sortOrder})` }).from(plans);
      sortOrder = row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
    }
    const [plan] = await tx.insert(plans).values({ ...planValues(input), sortOrder }).returning();
    await writePlatformAudit(tx, { actorId, action: PLATFORM_AUDIT.planCreate, entity: 'plan', entityId: plan.id, after: toPlatformPlan(plan, 0) });
    return toPlatformPlan(plan, 0);
  });
}

/**
 * PUT /api/platform/plans/{id} (spec §3 'Plan'): replaces the plan's fields with PlanInput
 * (sortOrder kept when left out). Tenants on the plan get its new limits at once (the quota
 * reads the plan). Audit row 'platform.plan.update' (before/after). 404 'Plan not found' for
 * an unknown or malformed id. Returns the PlatformPlan.
 */
export async function updatePlan(db: Database, id: string, input: PlanInput, actorId: string | null): Promise<PlatformPlan> {
  if (!UUID.test(id)) throw notFound(PLAN_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!before) throw notFound(PLAN_NOT_FOUND);
    const [after] = await tx
      .update(plans)
      .set({ ...planValues(input), sortOrder: input.sortOrder ?? before.sortOrder })
      .where(eq(plans.id, id))
      .returning();
    const count = await tenantsOnPlan(tx, id);
    await writePlatformAudit(tx, {
      actorId,
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
 * DELETE /api/platform/plans/{id} (spec §2 'Platform area' Plans). Refused with 409 'This plan
 * is used by {n} tenant(s) and cannot be deleted' while any tenant has it as planId (also when
 * a tenant takes it meanwhile: the foreign key refuses and the answer is the same 409).
 * Payments and subscription events that name the plan keep their rows (plan_id set NULL).
 * Audit row 'platform.plan.delete'. 404 'Plan not found' for an unknown or malformed id.
 */
export async function deletePlan(db: Database, id: string, actorId: string | null): Promise<void> {
  if (!UUID.test(id)) throw notFound(PLAN_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const [plan] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
      if (!plan) throw notFound(PLAN_NOT_FOUND);
      const n = await tenantsOnPlan(tx, id);
      if (n > 0) throw conflict(planInUse(n));
      await tx.delete(plans).where(eq(plans.id, id));
      await writePlatformAudit(tx, { actorId, action: PLATFORM_AUDIT.planDelete, entity: 'plan', entityId: id, before: toPlatformPlan(plan, 0) });
    });
  } catch (err) {
    if (!(err instanceof AppError) && pgError(err)?.code === '23503') throw conflict(planInUse(Math.max(1, await tenantsOnPlan(db, id))));
    throw err;
  }
}
