import { z } from 'zod';

/**
 * Money entering from outside through the payment provider's hosted checkout (docs/product.md
 * 'Payments'): add funds to a customer's card (Customer Details, 'Add Funds to Card'), card
 * orders (docs/product.md 'Card orders'), and the Demo provider's local checkout page.
 * Money in integer cents.
 */

/** Add Funds bounds: 100 to 100000 cents (docs/product.md 'Add funds'). */
export const ADD_FUNDS_MIN_CENTS = 100;
export const ADD_FUNDS_MAX_CENTS = 100_000;
/** Text for an amount outside the bounds. */
export const ADD_FUNDS_RANGE_TEXT = 'Amount must be between $1.00 and $1,000.00';

/**
 * POST /api/t/{slug}/customers/{id}/add-funds (body `{ amountCents }`). `cardId`
 * (our addition: the Customer Details modal has an Add Funds button per card) picks the card;
 * without it the customer's only ACTIVE card is used.
 */
export const AddFundsRequest = z.object({
  amountCents: z
    .number({ error: ADD_FUNDS_RANGE_TEXT })
    .int(ADD_FUNDS_RANGE_TEXT)
    .min(ADD_FUNDS_MIN_CENTS, ADD_FUNDS_RANGE_TEXT)
    .max(ADD_FUNDS_MAX_CENTS, ADD_FUNDS_RANGE_TEXT),
  cardId: z.string().uuid('Card not found').optional(),
});
export type AddFundsRequest = z.infer<typeof AddFundsRequest>;

/** Add funds / card-order checkout answer: where to send the browser to pay. */
export const CheckoutUrlResponse = z.object({ checkoutUrl: z.string() });
export type CheckoutUrlResponse = z.infer<typeof CheckoutUrlResponse>;

/** What a checkout pays for. */
export const CheckoutKind = z.enum(['ADD_FUNDS', 'CARD_ORDER']);
export type CheckoutKind = z.infer<typeof CheckoutKind>;

/** A checkout's state: OPEN until paid (COMPLETED, exactly once) or CANCELED. */
export const CheckoutStatus = z.enum(['OPEN', 'COMPLETED', 'CANCELED']);
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

/**
 * GET /api/t/{slug}/checkout/{id}: what the Demo checkout page shows. amountCents in cents;
 * `returnUrl` is where the page goes after Pay (success) and `cancelUrl` after Cancel.
 */
export const CheckoutView = z.object({
  id: z.string(),
  kind: CheckoutKind,
  status: CheckoutStatus,
  amountCents: z.number().int(),
  description: z.string(),
  returnUrl: z.string(),
  cancelUrl: z.string(),
  createdAt: z.string(),
});
export type CheckoutView = z.infer<typeof CheckoutView>;

/** GET /api/t/{slug}/billing/portal: the provider's portal, or the Payment Methods tab under Demo. */
export const PortalResponse = z.object({ url: z.string() });
export type PortalResponse = z.infer<typeof PortalResponse>;
