import { formatCents } from '@loyalty/domain';
import type { DbOrTx } from '../../db/client.ts';
import { renderCardOrderStatus, type CardOrderStep } from '../../emails/card-order-status.tsx';
import { enqueueEmail } from '../outbox/index.ts';
import { tenantAdminContacts } from '../users/index.ts';

/** The e-mail to the tenant's admins when their order moves on. */

/**
 * Writes to the outbox, in `tx` (the transaction of the status change), one message per active
 * Store Admin of the tenant telling that card order `order` reached `step` (docs/product.md 'E-mail': paid, shipped, delivered). Nothing when the tenant has no such admin.
 */
export async function enqueueCardOrderStatus(
  tx: DbOrTx,
  tenant: { id: string; name: string },
  order: { id: string; quantity: number; cardType: string; totalCents: number },
  step: CardOrderStep,
  now: Date,
): Promise<void> {
  for (const admin of await tenantAdminContacts(tx, tenant.id)) {
    const message = await renderCardOrderStatus({
      businessName: tenant.name,
      firstName: admin.firstName,
      step,
      quantity: order.quantity,
      cardType: order.cardType === 'DOUBLE_SIDED_CUSTOM' ? 'custom double-sided' : 'single-sided',
      total: formatCents(order.totalCents),
      orderRef: order.id.slice(0, 8).toUpperCase(),
    });
    await enqueueEmail(tx, { tenantId: tenant.id, kind: `card_order_${step.toLowerCase()}`, to: admin.email, ...message, now });
  }
}
