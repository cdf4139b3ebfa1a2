import type { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { CUSTOMER_CSV_COLUMNS } from '@loyalty/contract';
import type { DatabaseHandle, DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { dollarsSql, isoUtcSql, safeCellSql } from '../../lib/csv-cells.ts';
import { cardHoldings } from '../cards/views.ts';

/** The customers CSV export: its query, run by PostgreSQL's COPY. */

/**
 * The customers export as one query for COPY (ADR 0017): the tenant's customers oldest first (created_at, id: the (tenant_id,
 * created_at, id) index), one text column per contract CUSTOMER_CSV_COLUMNS, named after it:
 * text cells made safe, Total Spend as dollars with 2 decimals, Joined ISO 8601 UTC.
 * Active Cards counts the customer's ACTIVE cards in the cards module's card holdings (ADR 0036).
 */
function customerExportQuery(db: DbOrTx, tenantId: string) {
  const [id, firstName, lastName, email, phone, tier, totalSpend, active, joined] = CUSTOMER_CSV_COLUMNS;
  // The customer's ACTIVE cards, counted in the cards module's read model of card holdings
  // (ADR 0036): a correlated count per row, index cards_tenant_customer_idx, so COPY streams.
  const held = cardHoldings(db);
  const activeCards = db
    .select({ n: sql`count(*)` })
    .from(held)
    .where(and(eq(held.tenantId, tenantId), eq(held.customerId, customers.id), eq(held.status, 'ACTIVE')));
  return db
    .select({
      id: sql`${customers.id}`.as(id),
      firstName: safeCellSql(customers.firstName).as(firstName),
      lastName: safeCellSql(customers.lastName).as(lastName),
      email: safeCellSql(customers.email).as(email),
      phone: safeCellSql(customers.phone).as(phone),
      tier: sql`${customers.tier}`.as(tier),
      totalSpend: dollarsSql(customers.totalSpendCents).as(totalSpend),
      active: sql`(${activeCards})`.as(active),
      joined: isoUtcSql(customers.createdAt).as(joined),
    })
    .from(customers)
    .where(eq(customers.tenantId, tenantId))
    .orderBy(customers.createdAt, customers.id);
}

/**
 * GET /reports/export/customers's file (docs/product.md 'Reports'): customers.csv with contract
 * CUSTOMER_CSV_COLUMNS, oldest first, written by PostgreSQL's COPY (`copyCsv`, DatabaseHandle;
 * ADR 0017) from `customerExportQuery`. The customers module runs its own query and hands the
 * reports module the stream (ADR 0036). A stream: errors arrive as 'error'.
 */
export function customersCsv(copyCsv: DatabaseHandle['copyCsv'], db: DbOrTx, tenantId: string): Readable {
  return copyCsv(customerExportQuery(db, tenantId));
}
