import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { countCreatedInRanges, type InstantRange } from '../../db/range-counts.ts';

/** Customer counts for the operator's tenants list, platform statistics and the tenant's dashboard. */

/** Customers of each of `tenantIds` (tenant id → count; tenants without are absent), one grouped query. */
export async function customerCountsByTenant(db: DbOrTx, tenantIds: readonly string[]): Promise<Map<string, number>> {
  if (!tenantIds.length) return new Map();
  const rows = await db
    .select({ tenantId: customers.tenantId, n: sql<number>`count(*)::int` })
    .from(customers)
    .where(inArray(customers.tenantId, [...tenantIds]))
    .groupBy(customers.tenantId);
  return new Map(rows.map((r) => [r.tenantId, r.n]));
}

/**
 * The platform dashboard's customer figures: all customers of the
 * platform and how many were created in [d30, far) and in [d60, d30).
 */
export async function customerGrowth(db: DbOrTx, d30: Date, d60: Date, far: Date): Promise<{ total: number; new30: number; prev30: number }> {
  const between = (from: Date, to: Date) => sql<number>`count(*) filter (where ${and(gte(customers.createdAt, from), lt(customers.createdAt, to))})::int`;
  const [c] = await db.select({ total: sql<number>`count(*)::int`, new30: between(d30, far), prev30: between(d60, d30) }).from(customers);
  return c;
}

/**
 * How many of the tenant's customers were created in each of `ranges` (`[from, to)`, instants),
 * in the order given: the dashboard's monthly trend of customers (docs/product.md 'Reports').
 * One statement, one count per range over index customers_tenant_created_idx; an empty list
 * answers [] without a query.
 */
export function countCustomersCreated(db: DbOrTx, tenantId: string, ranges: readonly InstantRange[]): Promise<number[]> {
  return countCreatedInRanges(db, customers, customers, tenantId, ranges);
}
