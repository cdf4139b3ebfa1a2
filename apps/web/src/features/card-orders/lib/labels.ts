import type { CardOrderPricingResponse, CardOrderStatus, CardOrderType, PriceTier } from '@loyalty/contract';
import type { BadgeColor } from '@/components/ui/badge';

/** Human label of an order status (decisions.md 'Card orders'). */
export const ORDER_STATUS_LABELS: Record<CardOrderStatus, string> = {
  PENDING_PAYMENT: 'Pending payment',
  PAID: 'Paid',
  PROCESSING: 'Processing',
  SHIPPED: 'Shipped',
  DELIVERED: 'Delivered',
  CANCELED: 'Cancelled',
};

/** Badge colour of an order status: waiting yellow, paid green, in production blue, on its way indigo, delivered purple, cancelled grey. */
export const ORDER_STATUS_COLORS: Record<CardOrderStatus, BadgeColor> = {
  PENDING_PAYMENT: 'yellow',
  PAID: 'green',
  PROCESSING: 'blue',
  SHIPPED: 'indigo',
  DELIVERED: 'purple',
  CANCELED: 'grey',
};

/** Fallback names of the card kinds (the price list names them when it is loaded). */
const TYPE_FALLBACK: Record<CardOrderType, string> = { SINGLE_SIDED: 'Single-sided', DOUBLE_SIDED_CUSTOM: 'Double-sided custom' };

/** The name of a card kind: the price list's name, else the built-in one. */
export function cardTypeName(type: CardOrderType, pricing?: CardOrderPricingResponse): string {
  return pricing?.cardTypes.find((t) => t.type === type)?.name ?? TYPE_FALLBACK[type] ?? type;
}

const count = new Intl.NumberFormat('en-US');

/** A number of cards with thousands separators: 10000 → '10,000'. */
export function formatCount(n: number): string {
  return count.format(n);
}

/** The quantity range of tier `i` of `tiers`: '50–499', '2,000–10,000' (the last one ends at `max`). */
export function tierRange(tiers: readonly PriceTier[], i: number, max: number): string {
  const from = tiers[i]!.minQuantity;
  const to = i + 1 < tiers.length ? tiers[i + 1]!.minQuantity - 1 : max;
  return `${formatCount(from)}–${formatCount(to)}`;
}

/** Index of the tier that prices `quantity` (the highest whose minQuantity ≤ quantity), −1 when below all. */
export function tierIndex(tiers: readonly PriceTier[], quantity: number): number {
  let at = -1;
  tiers.forEach((t, i) => {
    if (quantity >= t.minQuantity) at = i;
  });
  return at;
}
