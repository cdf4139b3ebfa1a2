import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/sql.ts';

/** Parts of statements the customers module hands to other modules' queries (ADR 0012): display columns, id subqueries, counts. */

/** A customer's display fields `(tenantId, id, firstName, lastName, email, phone, tier, totalSpendCents)` as select columns. */
function summaryColumns() {
  return {
    tenantId: customers.tenantId,
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    email: customers.email,
    phone: customers.phone,
    tier: customers.tier,
    totalSpendCents: customers.totalSpendCents,
  };
}

/**
 * The customers' display fields as a subquery `(tenantId, id, firstName, lastName, email,
 * phone, tier, totalSpendCents)` for another module's join (a card's holder, a ledger row's
 * customer name), joined on both key parts. A plain projection, so PostgreSQL joins it like
 * the table itself.
 */
export function customerSummaries(db: DbOrTx) {
  return db.select(summaryColumns()).from(customers).as('customer_summaries');
}

/**
 * A subquery of the ids of the tenant's customers whose full name ('First Last') contains
 * `text` (case-insensitive, wildcards literal): the ledger search's name arm (trigram index
 * customers_full_name_trgm_idx on PostgreSQL).
 */
export function customerIdsWithNameLike(tenantId: string, text: string): SQL {
  return sql`select ${customers.id} from ${customers}
      where ${customers.tenantId} = ${tenantId} and (${customers.firstName} || ' ' || ${customers.lastName}) ilike ${containsPattern(text)}`;
}

/**
 * The SQL count of the tenant's customers created in [from, to) (ISO-8601 instants), as a
 * scalar subquery for the dashboard's one-statement figures (index customers_tenant_created_idx).
 */
export function customersCreatedSql(tenantId: string, from: string, to: string): SQL {
  return sql`(select count(*) from ${customers} where tenant_id = ${tenantId} and created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz)`;
}
