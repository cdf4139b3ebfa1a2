import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';

/** The customers module's published read model for other modules' joins (ADR 0012, ADR 0036): a relation, never a piece of SQL to embed. */

/** A customer's display fields `(tenantId, id, firstName, lastName, fullName, email, phone, tier, totalSpendCents, referralCode)` as select columns. */
function summaryColumns() {
  return {
    tenantId: customers.tenantId,
    id: customers.id,
    firstName: customers.firstName,
    lastName: customers.lastName,
    // The expression of the trigram index customers_full_name_trgm_idx (migration 0002): a
    // search on it reads the index once PostgreSQL has pulled the projection up.
    fullName: sql<string>`${customers.firstName} || ' ' || ${customers.lastName}`.as('full_name'),
    email: customers.email,
    phone: customers.phone,
    tier: customers.tier,
    totalSpendCents: customers.totalSpendCents,
    referralCode: customers.referralCode,
  };
}

/**
 * The customers' display fields as a relation `(tenantId, id, firstName, lastName, fullName,
 * email, phone, tier, totalSpendCents, referralCode)` (money in cents; fullName is 'First Last') for another
 * module to join or filter within a tenant, on both key parts: a card's holder, a ledger row's
 * customer name, the ledger search's name arm (`fullName ILIKE`, trigram index
 * customers_full_name_trgm_idx on PostgreSQL). A plain projection, so PostgreSQL pulls it up
 * and joins it like the table itself.
 */
export function customerSummaries(db: DbOrTx) {
  return db.select(summaryColumns()).from(customers).as('customer_summaries');
}
