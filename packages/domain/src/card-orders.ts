import type { CardOrderPricingResponse, CardOrderType } from '@loyalty/contract';
import { CARD_ORDER_MAX_QUANTITY, CARD_ORDER_MIN_QUANTITY } from '@loyalty/contract';

/**
 * The printed-card price list (docs/product.md 'Card orders'; our figures): per card, shipping
 * included, cheaper in volume. Tiers ascend by minQuantity; the first starts at the minimum
 * order. Served by GET /api/card-orders/pricing and used to price an order when it is created.
 */
export const CARD_ORDER_PRICING: CardOrderPricingResponse = {
  currency: 'usd',
  minQuantity: CARD_ORDER_MIN_QUANTITY,
  maxQuantity: CARD_ORDER_MAX_QUANTITY,
  cardTypes: [
    {
      type: 'SINGLE_SIDED',
      name: 'Single-sided',
      description: 'Your logo and the QR code on the front, plain white back.',
      tiers: [
        { minQuantity: CARD_ORDER_MIN_QUANTITY, unitPriceCents: 50 },
        { minQuantity: 500, unitPriceCents: 40 },
        { minQuantity: 2000, unitPriceCents: 30 },
      ],
    },
    {
      type: 'DOUBLE_SIDED_CUSTOM',
      name: 'Double-sided custom',
      description: 'Your own design on both sides, QR code on the back.',
      tiers: [
        { minQuantity: CARD_ORDER_MIN_QUANTITY, unitPriceCents: 90 },
        { minQuantity: 500, unitPriceCents: 75 },
        { minQuantity: 2000, unitPriceCents: 60 },
      ],
    },
  ],
};

/**
 * Price of `quantity` cards of `type`: the unit price of the highest tier whose minQuantity
 * ≤ quantity, and the total (unit × quantity), both in cents. Throws RangeError for a quantity
 * outside [minQuantity, maxQuantity] or a non-integer (callers validate first with the contract).
 */
export function cardOrderPrice(
  type: CardOrderType,
  quantity: number,
  pricing: CardOrderPricingResponse = CARD_ORDER_PRICING,
): { unitPriceCents: number; totalCents: number } {
  if (!Number.isInteger(quantity) || quantity < pricing.minQuantity || quantity > pricing.maxQuantity) {
    throw new RangeError(`quantity ${quantity} outside ${pricing.minQuantity}–${pricing.maxQuantity}`);
  }
  const kind = pricing.cardTypes.find((c) => c.type === type);
  if (!kind) throw new RangeError(`unknown card type ${type}`);
  let unit = kind.tiers[0]!.unitPriceCents;
  for (const t of kind.tiers) if (quantity >= t.minQuantity) unit = t.unitPriceCents;
  return { unitPriceCents: unit, totalCents: unit * quantity };
}
