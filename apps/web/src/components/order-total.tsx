import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { componentsMessages } from '@/components/messages';

/** A card order's total in bold with '$0.45 each' under it (cents via formatCents): the Total cell of the order tables. */
export function OrderTotal({ order }: { order: { totalCents: number; unitPriceCents: number } }) {
  const t = useMessages(componentsMessages);
  return (
    <>
      <span className="font-semibold text-slate-900">{formatCents(order.totalCents)}</span>
      <span className="block text-xs text-slate-500">{t('each', { price: formatCents(order.unitPriceCents) })}</span>
    </>
  );
}
