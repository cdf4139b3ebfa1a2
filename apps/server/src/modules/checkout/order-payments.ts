import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema/index.ts';

/** What the card-orders and platform modules ask about a card order's checkouts. */

/**
 * Which of the given card orders were paid through the Demo provider (the
 * operator must not ship an order no money was taken for): the ids among `orders` (each
 * `{ tenantId, id }` of a card order) that have a COMPLETED checkout_sessions row with
 * provider 'demo'. One query; an empty list asks nothing. Orders paid otherwise (Stripe) or
 * not paid at all are not in the set.
 */
export async function demoPaidCardOrders(db: DbOrTx, orders: { tenantId: string; id: string }[]): Promise<Set<string>> {
  if (!orders.length) return new Set();
  const rows = await db
    .selectDistinct({ cardOrderId: checkoutSessions.cardOrderId })
    .from(checkoutSessions)
    .where(
      and(
        inArray(checkoutSessions.tenantId, [...new Set(orders.map((o) => o.tenantId))]),
        inArray(
          checkoutSessions.cardOrderId,
          orders.map((o) => o.id),
        ),
        eq(checkoutSessions.status, 'COMPLETED'),
        eq(checkoutSessions.provider, 'demo'),
      ),
    );
  return new Set(rows.map((r) => r.cardOrderId).filter((id): id is string => id !== null));
}

/**
 * Whether card order `cardOrderId` of tenant `tenantId` was paid through the Demo provider
 * (a COMPLETED checkout with provider 'demo'). False for an order paid with
 * Stripe, an unpaid one or an unknown id.
 */
export async function paidWithDemo(db: DbOrTx, tenantId: string, cardOrderId: string): Promise<boolean> {
  return (await demoPaidCardOrders(db, [{ tenantId, id: cardOrderId }])).has(cardOrderId);
}

/** The ids of the OPEN checkouts of card order `cardOrderId` of the tenant (the caller holds the tenant lock). */
export async function openCheckoutIdsOfOrder(tx: Tx, tenantId: string, cardOrderId: string): Promise<string[]> {
  const open = await tx
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.tenantId, tenantId), eq(checkoutSessions.cardOrderId, cardOrderId), eq(checkoutSessions.status, 'OPEN')));
  return open.map((c) => c.id);
}

/**
 * The payment references of the card order's latest COMPLETED checkout (newest completion):
 * the provider's payment id and session id, either possibly null; null when none completed.
 */
export async function completedPaymentOfOrder(
  tx: DbOrTx,
  tenantId: string,
  cardOrderId: string,
): Promise<{ providerPaymentId: string | null; providerSessionId: string | null } | null> {
  const [paid] = await tx
    .select({ providerPaymentId: checkoutSessions.providerPaymentId, providerSessionId: checkoutSessions.providerSessionId })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.tenantId, tenantId), eq(checkoutSessions.cardOrderId, cardOrderId), eq(checkoutSessions.status, 'COMPLETED')))
    .orderBy(desc(checkoutSessions.completedAt))
    .limit(1);
  return paid ?? null;
}
