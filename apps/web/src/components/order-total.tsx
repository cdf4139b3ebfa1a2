import { formatCents } from '@/lib/format';

/** A card order's total in bold with '$0.45 each' under it (cents via formatCents): the Total cell of the order tables. */
export function OrderTotal({ order }: { order: { totalCents: number; unitPriceCents: number } }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{formatCents(order.totalCents)}</span>
      <span className="block text-xs text-slate-500">{formatCents(order.unitPriceCents)} each</span>
    </>
  );
}
