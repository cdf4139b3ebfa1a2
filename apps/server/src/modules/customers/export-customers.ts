import { eq, sql } from 'drizzle-orm';
import { CUSTOMER_CSV_COLUMNS } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { dollarsSql, isoUtcSql, safeCellSql } from '../../lib/csv-cells.ts';
import { activeCardCountSql } from '../cards/views.ts';

/** The customers CSV export's query. */

/**
 * The customers export as one query for COPY (ADR 0017): the tenant's customers oldest first (created_at, id: the (tenant_id,
 * created_at, id) index), one text column per contract CUSTOMER_CSV_COLUMNS, named after it:
 * text cells made safe, Total Spend as dollars with 2 decimals, Joined ISO 8601 UTC.
 * Active Cards is the cards module's count of the customer's ACTIVE cards (ADR 0012).
 */
export function customerExportQuery(db: DbOrTx, tenantId: string) {
  const [id, firstName, lastName, email, phone, tier, totalSpend, active, joined] = CUSTOMER_CSV_COLUMNS;
  return db
    .select({
      id: sql`${customers.id}`.as(id),
      firstName: safeCellSql(customers.firstName).as(firstName),
      lastName: safeCellSql(customers.lastName).as(lastName),
      email: safeCellSql(customers.email).as(email),
      phone: safeCellSql(customers.phone).as(phone),
      tier: sql`${customers.tier}`.as(tier),
      totalSpend: dollarsSql(customers.totalSpendCents).as(totalSpend),
      // Qualified: drizzle writes a one-table select's columns unqualified, and inside the
      // subquery a bare "id" would be the card's.
      active: activeCardCountSql(tenantId, sql`${customers}.${sql.identifier(customers.id.name)}`).as(active),
      joined: isoUtcSql(customers.createdAt).as(joined),
    })
    .from(customers)
    .where(eq(customers.tenantId, tenantId))
    .orderBy(customers.createdAt, customers.id);
}
