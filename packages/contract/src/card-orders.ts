import { z } from 'zod';
import { CardOrderStatus } from './enums.ts';

/**
 * Card orders (docs/product.md 'Card orders'): printed cards ordered, paid through the provider's
 * checkout, then produced and shipped. A paid order adds its quantity of UNASSIGNED cards to the
 * tenant and to its card quota. Money in cents.
 */

/** Printed card kinds. */
export const CardOrderType = z.enum(['SINGLE_SIDED', 'DOUBLE_SIDED_CUSTOM']);
export type CardOrderType = z.infer<typeof CardOrderType>;

/** Order size bounds. */
export const CARD_ORDER_MIN_QUANTITY = 50;
export const CARD_ORDER_MAX_QUANTITY = 10_000;
export const CARD_ORDER_QUANTITY_TEXT = `Quantity must be between ${CARD_ORDER_MIN_QUANTITY} and ${CARD_ORDER_MAX_QUANTITY.toLocaleString('en-US')}`;

/** A volume price: from `minQuantity` cards on, each costs `unitPriceCents`. */
export const PriceTier = z.object({ minQuantity: z.number().int(), unitPriceCents: z.number().int() });
export type PriceTier = z.infer<typeof PriceTier>;

/** One card kind on the price list; tiers ascending by minQuantity, the first at the minimum order. */
export const CardTypePricing = z.object({
  type: CardOrderType,
  name: z.string(),
  description: z.string(),
  tiers: z.array(PriceTier),
});
export type CardTypePricing = z.infer<typeof CardTypePricing>;

/** GET /api/card-orders/pricing (no tenant). Shipping is included in the unit price. */
export const CardOrderPricingResponse = z.object({
  currency: z.literal('usd'),
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  cardTypes: z.array(CardTypePricing),
});
export type CardOrderPricingResponse = z.infer<typeof CardOrderPricingResponse>;

const req = (text: string, max = 120) =>
  z
    .string({ error: text })
    .trim()
    .min(1, text)
    .max(max, `${text.replace(' is required', '')} is too long`);

/** Where printed cards go. */
export const ShippingAddress = z.object({
  name: req('Recipient name is required'),
  line1: req('Address is required'),
  line2: z.string().trim().max(120, 'Address line 2 is too long').optional().default(''),
  city: req('City is required', 80),
  state: z.string().trim().max(80, 'State is too long').optional().default(''),
  postalCode: req('Postal code is required', 20),
  country: req('Country is required', 60),
});
export type ShippingAddress = z.infer<typeof ShippingAddress>;

/** POST /api/t/{slug}/card-orders: a new order in PENDING_PAYMENT (price fixed at creation). */
export const CreateCardOrderRequest = z.object({
  cardType: CardOrderType,
  quantity: z
    .number({ error: CARD_ORDER_QUANTITY_TEXT })
    .int(CARD_ORDER_QUANTITY_TEXT)
    .min(CARD_ORDER_MIN_QUANTITY, CARD_ORDER_QUANTITY_TEXT)
    .max(CARD_ORDER_MAX_QUANTITY, CARD_ORDER_QUANTITY_TEXT),
  shippingAddress: ShippingAddress,
});
export type CreateCardOrderRequest = z.infer<typeof CreateCardOrderRequest>;

/** POST /api/t/{slug}/card-orders/checkout `{ orderId }` → CheckoutUrlResponse. */
export const CardOrderCheckoutRequest = z.object({ orderId: z.string({ error: 'Order is required' }).min(1, 'Order is required') });
export type CardOrderCheckoutRequest = z.infer<typeof CardOrderCheckoutRequest>;

/** A card order as listed and shown. Times ISO-8601; money in cents. */
export const CardOrder = z.object({
  id: z.string(),
  cardType: CardOrderType,
  quantity: z.number().int(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  shippingAddress: ShippingAddress,
  status: CardOrderStatus,
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CardOrder = z.infer<typeof CardOrder>;

/** GET /api/t/{slug}/card-orders → `{ orders }`, newest first. */
export const CardOrderListResponse = z.object({ orders: z.array(CardOrder) });
export type CardOrderListResponse = z.infer<typeof CardOrderListResponse>;

/**
 * The operator's fulfilment steps (docs/product.md 'Card orders': PAID → PROCESSING → SHIPPED →
 * DELIVERED, one step at a time; CANCELED and PENDING_PAYMENT are the tenant's).
 */
export const NEXT_FULFILMENT_STATUS: Partial<Record<CardOrderStatus, CardOrderStatus>> = {
  PAID: 'PROCESSING',
  PROCESSING: 'SHIPPED',
  SHIPPED: 'DELIVERED',
};

/**
 * A card order as the platform operator sees it: the order plus its tenant, and `demoPayment`:
 * true when it was paid on the Demo provider's checkout (no money was taken; in production
 * it cannot be fulfilled).
 */
export const PlatformCardOrder = CardOrder.extend({
  tenant: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  demoPayment: z.boolean(),
});
export type PlatformCardOrder = z.infer<typeof PlatformCardOrder>;

/** GET /api/platform/card-orders?status= → every tenant's orders, newest first (at most 200). */
export const PlatformCardOrderQuery = z.object({ status: CardOrderStatus.optional() });
export const PlatformCardOrderListResponse = z.object({ orders: z.array(PlatformCardOrder) });
export type PlatformCardOrderListResponse = z.infer<typeof PlatformCardOrderListResponse>;

/** PUT /api/platform/card-orders/{id} `{ status }`: the next fulfilment step only (409 otherwise). */
export const UpdateCardOrderStatusRequest = z.object({ status: CardOrderStatus });
export type UpdateCardOrderStatusRequest = z.infer<typeof UpdateCardOrderStatusRequest>;
