import { and, asc, eq, ilike, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { AvailableCustomersResponse } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cards, customers } from '../../db/schema/index.ts';

/** Most customers offered at once by the Assign Card modal. */
export const AVAILABLE_CUSTOMERS_LIMIT = 50;

/**
 * GET /api/t/{slug}/customers/available?search= (spec §5 'Assign card': only customers with
 * no cards are offered; §7). The tenant's customers holding no card at all (in any status),
 * optionally filtered by `search` contained in the first, last or full name, e-mail or phone
 * (case-insensitive), sorted by last name then first name, at most 50. Returns `{ customers }`.
 */
export async function listAvailableCustomers(db: DbOrTx, tenantId: string, search?: string): Promise<AvailableCustomersResponse> {
  const where: SQL[] = [
    eq(customers.tenantId, tenantId),
    notExists(
      db
        .select({ one: sql`1` })
        .from(cards)
        .where(and(eq(cards.tenantId, customers.tenantId), eq(cards.customerId, customers.id))),
    ),
  ];
  const text = search?.trim();
  if (text) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => '\\' + c)}%`;
    where.push(
      or(
        ilike(customers.firstName, pattern),
        ilike(customers.lastName, pattern),
        ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
        ilike(customers.email, pattern),
        ilike(customers.phone, pattern),
      )!,
    );
  }
  const rows = await db
    .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone })
    .from(customers)
    .where(and(...where))
    .orderBy(asc(customers.lastName), asc(customers.firstName), asc(customers.id))
    .limit(AVAILABLE_CUSTOMERS_LIMIT);
  return { customers: rows };
}
