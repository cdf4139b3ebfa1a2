import { and, desc, eq, sql } from 'drizzle-orm';
import type { Category, MyAccountResponse, TransactionItem } from '@loyalty/contract';
import type { DbOrTx } from '../../db/client.ts';
import { cards, customers, stores, transactions } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { getCustomerDetail } from '../customers/service.ts';

/** Rows of the customer dashboard's Recent Transactions (spec §9: customer dashboard 10). */
export const MY_RECENT_TRANSACTIONS = 10;

/** Spec §2 'Customer dashboard': the message when the signed-in user has no customer record. */
export const PROFILE_NOT_FOUND = 'Customer profile not found';

/**
 * GET /api/t/{slug}/me (spec §2 'Customer dashboard', issue 4 'Customer self-service'): the
 * account of the session's own customer (`customerId` comes from the session, never from the
 * client), within the request's tenant:
 * - `customer`: CustomerDetail with the customer's cards (balance in cents, status, store).
 * - `stats`: totalBalanceCents (sum of the cards' balances), totalEarnedCents (sum of
 *   `cashbackCents` of the customer's EARN rows), totalRedeemedCents (sum of `amountCents` of
 *   the REDEEM rows), activeCards (cards with status ACTIVE). All cents.
 * - `recentTransactions`: the customer's 10 newest ledger rows (TransactionItem, newest first).
 * Throws 404 NOT_FOUND 'Customer profile not found' when `customerId` is null or names no
 * customer of this tenant.
 */
export async function getMyAccount(db: DbOrTx, tenantId: string, customerId: string | null): Promise<MyAccountResponse> {
  if (!customerId) throw notFound(PROFILE_NOT_FOUND);
  let customer;
  try {
    customer = await getCustomerDetail(db, tenantId, customerId);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw notFound(PROFILE_NOT_FOUND);
    throw err;
  }
  const mine = and(eq(transactions.tenantId, tenantId), eq(transactions.customerId, customerId));
  const [sums] = await db
    .select({
      earned: sql<string>`coalesce(sum(${transactions.cashbackCents}) filter (where ${transactions.type} = 'EARN'), 0)`,
      redeemed: sql<string>`coalesce(sum(${transactions.amountCents}) filter (where ${transactions.type} = 'REDEEM'), 0)`,
    })
    .from(transactions)
    .where(mine);
  const rows = await db
    .select({ t: transactions, cardUid: cards.cardUid, firstName: customers.firstName, lastName: customers.lastName, storeName: stores.name })
    .from(transactions)
    .innerJoin(cards, and(eq(cards.tenantId, transactions.tenantId), eq(cards.id, transactions.cardId)))
    .leftJoin(customers, and(eq(customers.tenantId, transactions.tenantId), eq(customers.id, transactions.customerId)))
    .leftJoin(stores, and(eq(stores.tenantId, transactions.tenantId), eq(stores.id, transactions.storeId)))
    .where(mine)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(MY_RECENT_TRANSACTIONS);
  const recentTransactions: TransactionItem[] = rows.map(({ t, cardUid, firstName, lastName, storeName }) => ({
    id: t.id,
    customerId: t.customerId,
    customerName: firstName ? `${firstName} ${lastName}` : null,
    cardUid,
    type: t.type as TransactionItem['type'],
    category: (t.category as Category | null) ?? null,
    amountCents: Number(t.amountCents),
    cashbackCents: Number(t.cashbackCents),
    beforeBalanceCents: Number(t.beforeBalanceCents),
    afterBalanceCents: Number(t.afterBalanceCents),
    storeId: t.storeId,
    storeName,
    note: t.note,
    createdAt: t.createdAt.toISOString(),
  }));
  return {
    customer,
    stats: {
      totalBalanceCents: customer.cards.reduce((sum, c) => sum + c.balanceCents, 0),
      totalEarnedCents: Number(sums?.earned ?? 0),
      totalRedeemedCents: Number(sums?.redeemed ?? 0),
      activeCards: customer.activeCards,
    },
    recentTransactions,
  };
}
