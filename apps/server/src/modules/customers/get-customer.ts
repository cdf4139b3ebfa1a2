import { and, asc, eq } from 'drizzle-orm';
import { CUSTOMER_CARDS_MAX, type CustomerCard, type CustomerDetail } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/uuid.ts';
import { customerCards } from '../cards/views.ts';
import { storeNames } from '../stores/index.ts';
import { CUSTOMER_NOT_FOUND } from './texts.ts';
import { customerColumns, toListItem } from './rows.ts';

/** One customer with their cards: the customer page and the answer of every customer write. */

/**
 * The customer `customerId` of the tenant with its cards (id, UID,
 * balance in cents, status, store name, activation date; oldest activation first; the first
 * CUSTOMER_CARDS_MAX, while `activeCards` counts every ACTIVE card, ADR 0045) → CustomerDetail.
 * Throws 404 'Customer not found' when the id is malformed, unknown or another tenant's.
 * Shared by GET /customers/{id}, POST, PUT and the customer's own account (GET /me).
 */
export async function getCustomerDetail(db: DbOrTx, tenantId: string, customerId: string): Promise<CustomerDetail> {
  if (!isUuid(customerId)) throw notFound(CUSTOMER_NOT_FOUND);
  // Sequential, not Promise.all: callers pass a transaction too, and a pg client runs one query at a time.
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  const held = customerCards(db, tenantId, customerId);
  const sn = storeNames(db);
  const cardRows = await db
    .select({ id: held.id, cardUid: held.cardUid, balanceCents: held.balanceCents, status: held.status, storeName: sn.name, activatedAt: held.activatedAt })
    .from(held)
    .leftJoin(sn, and(eq(sn.tenantId, held.tenantId), eq(sn.id, held.storeId)))
    .orderBy(asc(held.activatedAt), asc(held.cardUid));
  const list: CustomerCard[] = cardRows.map((c) => ({
    id: c.id,
    cardUid: c.cardUid,
    balanceCents: Number(c.balanceCents),
    status: c.status,
    storeName: c.storeName,
    activatedAt: c.activatedAt?.toISOString() ?? null,
  }));
  return { ...toListItem(row, list.filter((c) => c.status === 'ACTIVE').length), cards: list.slice(0, CUSTOMER_CARDS_MAX) };
}
