import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pgError } from '../../db/pg-error.ts';
import { customers } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { cardCountOfCustomer } from '../cards/views.ts';
import { customerHasLedgerRows } from '../ledger/views.ts';
import { CUSTOMER_NOT_FOUND, CUSTOMER_HAS_CARDS, CUSTOMER_HAS_TRANSACTIONS } from './texts.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Deleting a customer who holds no card and has no ledger row. */

/**
 * DELETE /api/t/{slug}/customers/{id} (associated
 * cards must be unassigned first; docs/product.md 'Ledger': append-only). In one DB
 * transaction: locks the customer row (card activation for an existing customer locks it too,
 * so a card cannot be assigned between the check and the delete), refuses while any card (any
 * status) is assigned to the customer or any ledger row names them, then deletes the customer
 * (their customer login, if any, goes with it: users → customers ON DELETE CASCADE) and writes
 * an audit_log row (action 'customer.delete', before = the customer's fields). Throws 404
 * 'Customer not found', 409 CONFLICT 'This customer has assigned cards. Unassign their cards
 * before deleting the customer.' (details `{ cards }`: how many), 409 CONFLICT 'This customer
 * has transactions in the ledger and cannot be deleted.'. Nothing is deleted on a refusal.
 */
export async function deleteCustomer(db: Database, ctx: TenantRequestContext, customerId: string): Promise<void> {
  const tenantId = ctx.tenant.id;
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select({
          firstName: customers.firstName,
          lastName: customers.lastName,
          email: customers.email,
          phone: customers.phone,
          tier: customers.tier,
          totalSpendCents: customers.totalSpendCents,
        })
        .from(customers)
        .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)))
        .for('update');
      if (!before) throw notFound(CUSTOMER_NOT_FOUND);
      const held = await cardCountOfCustomer(tx, tenantId, customerId);
      const inLedger = await customerHasLedgerRows(tx, tenantId, customerId);
      if (held > 0) throw conflict(CUSTOMER_HAS_CARDS, { cards: held });
      if (inLedger) throw conflict(CUSTOMER_HAS_TRANSACTIONS);
      await tx.delete(customers).where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
      await writeAudit(tx, {
        tenantId,
        ...auditActorOf(ctx),
        action: 'customer.delete',
        entity: 'customer',
        entityId: customerId,
        before,
        after: null,
      });
    });
  } catch (err) {
    // Backstop: the foreign keys of cards and transactions refuse the delete (23503) if a row appeared anyway.
    if (pgError(err)?.code === '23503') throw conflict(CUSTOMER_HAS_CARDS);
    throw err;
  }
}
