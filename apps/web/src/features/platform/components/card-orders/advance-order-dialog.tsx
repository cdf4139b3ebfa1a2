import type { PlatformCardOrder } from '@loyalty/contract';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatCount, formatCents, formatDateTime } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { cardTypeName } from '@/lib/labels';
import { cardOrdersMessages } from '../../messages-card-orders';
import { nextStep } from './labels';

/**
 * The confirmation before an order moves one fulfilment step on (docs/product.md 'Card orders'):
 * 'Mark order of {tenant} for {n} cards as Shipped?', what the order is and where it goes, and
 * the step's button. `pending` while the PUT runs (the dialog then cannot be dismissed).
 */
export function AdvanceOrderDialog({
  order,
  pending,
  onClose,
  onConfirm,
}: {
  order: PlatformCardOrder | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: (order: PlatformCardOrder) => void;
}) {
  const t = useMessages(cardOrdersMessages);
  const step = order ? nextStep(order) : null;
  return (
    <ConfirmDialog
      open={order !== null && step !== null}
      onClose={onClose}
      pending={pending}
      title={order && step ? t('confirmTitle', { tenant: order.tenant.name, n: formatCount(order.quantity), status: step.label }) : ''}
      confirmLabel={step?.action}
      onConfirm={() => order && onConfirm(order)}
    >
      {order && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className="text-slate-500">{t('cards')}</dt>
          <dd className="text-slate-900">
            {formatCount(order.quantity)} × {cardTypeName(order.cardType)} · {formatCents(order.totalCents)}
          </dd>
          <dt className="text-slate-500">{t('paid')}</dt>
          <dd className="text-slate-900">{formatDateTime(order.paidAt)}</dd>
          <dt className="text-slate-500">{t('shipTo')}</dt>
          <dd className="text-slate-900">
            {order.shippingAddress.name}
            <span className="block text-slate-600">{[order.shippingAddress.line1, order.shippingAddress.line2].filter(Boolean).join(', ')}</span>
            <span className="block text-slate-600">
              {[order.shippingAddress.postalCode, order.shippingAddress.city].filter(Boolean).join(' ')}
              {order.shippingAddress.state ? `, ${order.shippingAddress.state}` : ''}
              {order.shippingAddress.country ? `, ${order.shippingAddress.country}` : ''}
            </span>
          </dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}
