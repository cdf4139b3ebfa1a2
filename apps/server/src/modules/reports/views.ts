import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tenantCounters } from '../../db/schema/index.ts';

/**
 * Read views of the reports module's `tenant_counters` (ADR 0006, ADR 0012): the per-tenant
 * customer and card counts that triggers keep. Read-only; imports no other module, so the
 * customers module, which the reports service reads from, may use them too.
 */

/** The tenant's customer count as the counters hold it (0 when the tenant has no counters row yet). */
export async function tenantCustomerCount(db: DbOrTx, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: tenantCounters.customers }).from(tenantCounters).where(eq(tenantCounters.tenantId, tenantId));
  return Number(row?.n ?? 0);
}

/**
 * The tenant's card total and cards with an activation date as the counters hold them (issue
 * 15: GET /tenant and the trial status read two numbers instead of counting the cards; the
 * quota itself still counts under the tenant lock, ADR 0005). Zeros without a counters row.
 */
export async function tenantCardCounts(db: DbOrTx, tenantId: string): Promise<{ total: number; activated: number }> {
  const [row] = await db
    .select({ total: tenantCounters.cards, activated: tenantCounters.activatedCards })
    .from(tenantCounters)
    .where(eq(tenantCounters.tenantId, tenantId));
  return { total: Number(row?.total ?? 0), activated: Number(row?.activated ?? 0) };
}
