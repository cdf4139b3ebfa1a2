import type { Tx } from '../../db/client.ts';
import { cancelCheckout, openCheckoutIdsOfOrder } from '../checkout/index.ts';

/** The open checkouts of an order, cancelled when a new one opens or the order is cancelled. */

/** OPEN checkouts of an order, cancelled (in `tx`, the tenant row locked by the caller). Returns how many. */
export async function cancelOpenCheckouts(tx: Tx, tenantId: string, orderId: string): Promise<number> {
  const open = await openCheckoutIdsOfOrder(tx, tenantId, orderId);
  for (const checkoutId of open) await cancelCheckout(tx, { tenantId, checkoutId });
  return open.length;
}
