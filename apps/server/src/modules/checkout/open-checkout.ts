import { and, eq } from 'drizzle-orm';
import type { CheckoutKind, CheckoutUrlResponse } from '@loyalty/contract';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { checkoutSessions } from '../../db/schema/index.ts';
import type { PaymentProvider, PaymentTenant } from '../../payments/port.ts';

/** What a new checkout pays for and where the browser goes afterwards. */
export interface OpenCheckoutInput {
  kind: CheckoutKind;
  /** The charge, integer cents (> 0). */
  amountCents: number;
  /** Shown on the checkout page and sent to the provider as the line item. */
  description: string;
  /** ADD_FUNDS: the customer and the card to credit. */
  customerId?: string | null;
  cardId?: string | null;
  /** CARD_ORDER: the order to mark PAID. */
  cardOrderId?: string | null;
  /** App paths (starting with '/') for after payment and after cancelling; PUBLIC_URL is prefixed for the provider. */
  returnPath: string;
  cancelPath: string;
  /** The signed-in user who opened it (the ledger row's userId for add funds). */
  createdBy: string | null;
}

/** What openCheckout opened: where to send the browser, our checkout id and the provider's session id. */
export interface OpenedCheckout extends CheckoutUrlResponse {
  checkoutId: string;
  providerSessionId: string;
}

/**
 * Opens a hosted checkout in the caller's transaction `tx` (docs/product.md 'Payments'):
 * inserts a checkout_sessions row (status OPEN, provider = `provider.kind`, amount in cents,
 * returnUrl/cancelUrl = the app paths `input.returnPath` / `input.cancelPath`, which the Demo
 * checkout page follows), asks the provider for a session with absolute URLs
 * (`${config.publicUrl}${path}`), stores its providerSessionId and returns `{ checkoutUrl }`
 * (Demo: `/t/{slug}/checkout/{checkoutId}`) with the new row's id and the provider's session
 * id. Nothing is paid until completeCheckout runs. Validation of the amount and of what is
 * paid for is the caller's.
 */
export async function openCheckout(
  tx: Tx,
  provider: PaymentProvider,
  config: Pick<Config, 'publicUrl'>,
  tenant: PaymentTenant,
  input: OpenCheckoutInput,
): Promise<OpenedCheckout> {
  const [row] = await tx
    .insert(checkoutSessions)
    .values({
      tenantId: tenant.id,
      kind: input.kind,
      status: 'OPEN',
      provider: provider.kind,
      amountCents: input.amountCents,
      description: input.description,
      customerId: input.customerId ?? null,
      cardId: input.cardId ?? null,
      cardOrderId: input.cardOrderId ?? null,
      returnUrl: input.returnPath,
      cancelUrl: input.cancelPath,
      createdBy: input.createdBy,
    })
    .returning({ id: checkoutSessions.id });
  const session = await provider.createCheckout(tx, tenant, {
    checkoutId: row.id,
    description: input.description,
    amountCents: input.amountCents,
    successUrl: `${config.publicUrl}${input.returnPath}`,
    cancelUrl: `${config.publicUrl}${input.cancelPath}`,
  });
  await tx
    .update(checkoutSessions)
    .set({ providerSessionId: session.providerSessionId })
    .where(and(eq(checkoutSessions.tenantId, tenant.id), eq(checkoutSessions.id, row.id)));
  return { checkoutUrl: session.url, checkoutId: row.id, providerSessionId: session.providerSessionId };
}
