import type { CardOrder, CreateCardOrderRequest } from '@loyalty/contract';
import { cardOrderPrice } from '@loyalty/domain';
import type { Database } from '../../db/client.ts';
import { cardOrders } from '../../db/schema/index.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { toCardOrder } from './card-order-rows.ts';
import { type TenantRequestContext } from '../../context.ts';

/** Ordering printed cards, priced from the domain's price list. */

/**
 * POST /api/t/{slug}/card-orders (CreateCardOrderRequest: cardType, quantity 50..10000,
 * shippingAddress; validated by the contract) → the new CardOrder, PENDING_PAYMENT, priced
 * now with the domain price list (cardOrderPrice: unit price of the quantity's tier, total =
 * unit × quantity, cents); the price stays fixed even if the list changes. Writes an
 * audit_log row 'card_order.create' in the same transaction. No quota or subscription check:
 * ordering is always allowed; the cards come when it is paid.
 */
export async function createCardOrder(db: Database, ctx: TenantRequestContext, input: CreateCardOrderRequest): Promise<CardOrder> {
  const { unitPriceCents, totalCents } = cardOrderPrice(input.cardType, input.quantity);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cardOrders)
      .values({
        tenantId: ctx.tenant.id,
        cardType: input.cardType,
        quantity: input.quantity,
        unitPriceCents,
        totalCents,
        shippingAddress: input.shippingAddress,
        status: 'PENDING_PAYMENT',
      })
      .returning();
    await writeAudit(tx, {
      tenantId: ctx.tenant.id,
      ...auditActorOf(ctx),
      action: 'card_order.create',
      entity: 'card_order',
      entityId: row.id,
      before: null,
      after: { cardType: row.cardType, quantity: row.quantity, unitPriceCents, totalCents, status: row.status },
    });
    return toCardOrder(row);
  });
}
