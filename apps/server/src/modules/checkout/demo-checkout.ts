import { randomUUID } from 'node:crypto';
import type { CheckoutView } from '@loyalty/contract';
import type { Database, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import type { TenantRequestContext } from '../../context.ts';
import { auditActorOf, writeAudit } from '../audit/index.ts';
import { cancelCheckout } from './cancel-checkout.ts';
import {
  CHECKOUT_ALREADY_PAID,
  CHECKOUT_AT_PROVIDER,
  CHECKOUT_CANCELED,
  CHECKOUT_NOT_FOUND,
  type CheckoutEffects,
  findCheckout,
  toCheckoutView,
} from './checkouts.ts';
import { completeCheckout } from './complete-checkout.ts';

/** The Demo checkout page's use cases: its data, Pay and Cancel (Demo checkouts only). */

/**
 * GET /api/t/{slug}/checkout/{id} (the Demo checkout page's data):
 * the CheckoutView (amount in cents). 404 'Checkout not found' for an unknown, malformed or
 * another tenant's id.
 */
export async function getCheckoutView(db: DbOrTx, tenantId: string, checkoutId: string): Promise<CheckoutView> {
  const row = await findCheckout(db, tenantId, checkoutId);
  if (!row) throw notFound(CHECKOUT_NOT_FOUND);
  return toCheckoutView(row);
}

/**
 * POST /api/t/{slug}/checkout/{id}/pay: the Demo checkout page's Pay at `now`
 * (docs/product.md 'Payments'). In ONE transaction: completeCheckout with a fresh `demo_pay_…` payment id.
 * Returns the CheckoutView, COMPLETED; paying a COMPLETED checkout again answers the same
 * view and credits nothing. Errors: 404 'Checkout not found'; 409 'This checkout is paid with
 * the payment provider' (the checkout's provider is not 'demo'); 409 'This checkout was
 * canceled'. Nothing is written on an error.
 */
export async function payDemoCheckout(db: Database, effects: CheckoutEffects, tenantId: string, checkoutId: string, now: Date): Promise<CheckoutView> {
  return db.transaction(async (tx) => {
    const row = await findCheckout(tx, tenantId, checkoutId);
    if (!row) throw notFound(CHECKOUT_NOT_FOUND);
    if (row.provider !== 'demo') throw conflict(CHECKOUT_AT_PROVIDER);
    const outcome = await completeCheckout(tx, effects, { tenantId, checkoutId: row.id }, { providerPaymentId: `demo_pay_${randomUUID()}` }, now);
    if (outcome === 'not-found') throw notFound(CHECKOUT_NOT_FOUND);
    if (outcome === 'canceled') throw conflict(CHECKOUT_CANCELED);
    return toCheckoutView((await findCheckout(tx, tenantId, row.id))!);
  });
}

/**
 * POST /api/t/{slug}/checkout/{id}/cancel: the Demo checkout page's Cancel. OPEN → CANCELED
 * (a card order stays PENDING_PAYMENT and can be checked out again); cancelling a CANCELED
 * checkout again answers the same view (a checkout.cancel audit row for the first, by who acts in `ctx`). Returns the CheckoutView. Errors: 404 'Checkout not
 * found'; 409 'This checkout is paid with the payment provider' (not a Demo checkout: a real
 * provider's session expires at the provider); 409 'This checkout is already paid'.
 */
export async function cancelDemoCheckout(db: Database, ctx: TenantRequestContext, checkoutId: string): Promise<CheckoutView> {
  const tenantId = ctx.tenant.id;
  return db.transaction(async (tx) => {
    const row = await findCheckout(tx, tenantId, checkoutId);
    if (!row) throw notFound(CHECKOUT_NOT_FOUND);
    if (row.provider !== 'demo') throw conflict(CHECKOUT_AT_PROVIDER);
    const outcome = await cancelCheckout(tx, { tenantId, checkoutId: row.id });
    if (outcome === 'not-found') throw notFound(CHECKOUT_NOT_FOUND);
    if (outcome === 'already-completed') throw conflict(CHECKOUT_ALREADY_PAID);
    if (outcome === 'canceled')
      await writeAudit(tx, {
        tenantId,
        ...auditActorOf(ctx),
        action: 'checkout.cancel',
        entity: 'checkout',
        entityId: row.id,
        before: { status: 'OPEN' },
        after: { status: 'CANCELED' },
      });
    return toCheckoutView((await findCheckout(tx, tenantId, row.id))!);
  });
}
