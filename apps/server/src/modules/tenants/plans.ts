import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DefaultPlanKey, PlanInput } from '@loyalty/contract';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { plans } from '../../db/schema/index.ts';

/**
 * The plan catalogue (docs/product.md 'Payments'): the `plans` table, owned by the tenants
 * module because a tenant's limits and card quota come from its plan. Billing lists and sells
 * the active plans, the operator edits them (platform/plans.ts), signup picks the default one,
 * webhooks map a Stripe price to a plan. Prices in cents; limits −1 = unlimited.
 */

/** A plans row. */
export type PlanRow = typeof plans.$inferSelect;

/** A plan to insert: every column but id and createdAt (defaults apply to the optional ones). */
export type NewPlan = typeof plans.$inferInsert;

/** The active plans in display order (sort order, then price, then id). */
export async function listActivePlanRows(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.priceMonthlyCents), asc(plans.id));
}

/** Every plan, active or not, in display order (sort order, then price, then id). */
export async function listPlanRows(db: DbOrTx): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.priceMonthlyCents), asc(plans.id));
}

/** The plan of id `planId`, or null. `activeOnly`: null also for an inactive plan. */
export async function findPlan(db: DbOrTx, planId: string, activeOnly = false): Promise<PlanRow | null> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(activeOnly ? and(eq(plans.id, planId), eq(plans.isActive, true)) : eq(plans.id, planId));
  return plan ?? null;
}

/** The id of a plan whose Stripe price is `stripePriceId` (the first found), or null. */
export async function planIdByStripePrice(db: DbOrTx, stripePriceId: string): Promise<string | null> {
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.stripePriceId, stripePriceId)).limit(1);
  return plan?.id ?? null;
}

/** `{ id, name, priceMonthlyCents, limits }` of the given plans by id (unknown ids are missing), one query. */
export async function plansByIds(db: DbOrTx, ids: readonly string[]) {
  if (!ids.length) return new Map<string, Pick<PlanRow, 'id' | 'name' | 'priceMonthlyCents' | 'limits'>>();
  const rows = await db
    .select({ id: plans.id, name: plans.name, priceMonthlyCents: plans.priceMonthlyCents, limits: plans.limits })
    .from(plans)
    .where(inArray(plans.id, [...new Set(ids)]));
  return new Map(rows.map((p) => [p.id, p]));
}

/**
 * The word a plan's name must contain (case-insensitive) for each choice of the platform
 * setting defaultPlan (starter, pro, enterprise): 'pro' is the Professional plan.
 */
const DEFAULT_PLAN_NAME_MATCH: Record<DefaultPlanKey, string> = {
  starter: 'starter',
  pro: 'professional',
  enterprise: 'enterprise',
};

/**
 * The id of the plan a new tenant starts on (docs/product.md 'Platform settings': defaultPlan takes
 * effect): the plan whose name contains the word of
 * DEFAULT_PLAN_NAME_MATCH for `key`, case-insensitive, active plans first, then in display
 * order; null when no plan matches (or `key` is unknown).
 */
export async function defaultPlanId(db: DbOrTx, key: string): Promise<string | null> {
  const word = DEFAULT_PLAN_NAME_MATCH[key as DefaultPlanKey];
  if (!word) return null;
  const [row] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`lower(${plans.name}) like ${'%' + word + '%'}`)
    .orderBy(desc(plans.isActive), asc(plans.sortOrder), asc(plans.priceMonthlyCents), asc(plans.id))
    .limit(1);
  return row?.id ?? null;
}

/** Plan columns of a PlanInput (priceMonthly in cents → priceMonthlyCents; limits −1 unlimited); sortOrder is the caller's. */
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

/** Inserts a plan from `input` in `tx`; without `input.sortOrder` it goes last (max sort order + 1, 0 for the first). Returns the row. */
export async function insertPlan(tx: Tx, input: PlanInput): Promise<PlanRow> {
  let sortOrder = input.sortOrder;
  if (sortOrder === undefined) {
    const [row] = await tx.select({ max: sql<number | null>`max(${plans.sortOrder})` }).from(plans);
    sortOrder = row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }
  const [plan] = await tx
    .insert(plans)
    .values({ ...planValues(input), sortOrder })
    .returning();
  return plan;
}

/** Locks plan `planId` `FOR UPDATE` in `tx` and returns it, or null when there is none. */
export async function lockPlan(tx: Tx, planId: string): Promise<PlanRow | null> {
  const [plan] = await tx.select().from(plans).where(eq(plans.id, planId)).for('update');
  return plan ?? null;
}

/** Replaces plan `planId`'s fields by `input` in `tx` (sortOrder kept when `input` has none). Returns the updated row. */
export async function updatePlanRow(tx: Tx, planId: string, input: PlanInput, keptSortOrder: number): Promise<PlanRow> {
  const [plan] = await tx
    .update(plans)
    .set({ ...planValues(input), sortOrder: input.sortOrder ?? keptSortOrder })
    .where(eq(plans.id, planId))
    .returning();
  return plan;
}

/** Deletes plan `planId` in `tx` (a tenant still on it makes the foreign key refuse: 23503). */
export async function deletePlanRow(tx: Tx, planId: string): Promise<void> {
  await tx.delete(plans).where(eq(plans.id, planId));
}

/** Inserts `catalogue` when the plans table is empty (start-up seed: an existing catalogue is never touched). */
export async function ensurePlans(db: DbOrTx, catalogue: readonly NewPlan[]): Promise<void> {
  const existing = await db.select({ id: plans.id }).from(plans).limit(1);
  if (existing.length === 0) await db.insert(plans).values([...catalogue]);
}

/**
 * The plans' names and monthly prices as a subquery `(id, name, priceMonthlyCents)` for
 * another module's display join (a payment's or a subscription event's plan). A plain
 * projection, so PostgreSQL joins it like the table itself.
 */
export function planSummaries(db: DbOrTx) {
  return db.select({ id: plans.id, name: plans.name, priceMonthlyCents: plans.priceMonthlyCents }).from(plans).as('plan_summaries');
}
