import type { PriceTier } from '@loyalty/contract';
import { formatCount } from '@/lib/format';

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
