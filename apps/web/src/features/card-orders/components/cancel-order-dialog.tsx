import type { CardOrder, CardOrderPricingResponse } from '@loyalty/contract';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage } from '@/lib/api';
import { formatCents, formatCount } from '@/lib/format';
import { useCancelCardOrder } from '../api/card-orders';
import { cardTypeName } from '@/lib/labels';

/**
 * 'Cancel order' confirmation (docs/product.md 'Card orders': cancel before shipping). Says what
 * happens: a PENDING_PAYMENT order is cancelled and nothing is charged; a PAID order's payment
 * is refunded and its cards are removed from the account. The server's 409 ('This order can no
 * longer be cancelled', 'Cards of this order are already in use') shows in the dialog.
 */
export function CancelOrderDialog({
  slug,
  order,
  pricing,
  onClose,
  onCancelled,
}: {
  slug: string;
  order: CardOrder | null;
  pricing?: CardOrderPricingResponse;
  onClose: () => void;
  onCancelled: (order: CardOrder) => void;
}) {
  const cancel = useCancelCardOrder(slug);
  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () =>
    order &&
    cancel.mutate(order.id, {
      onSuccess: (done) => {
        cancel.reset();
        onCancelled(done);
      },
    });
  return (
    <ActionConfirmDialog
      open={order !== null}
      onClose={close}
      title="Cancel this order?"
      pending={cancel.isPending}
      onConfirm={confirm}
      cancelLabel="Keep order"
      confirmLabel="Cancel order"
      error={cancel.isError && errorMessage(cancel.error, 'Failed to cancel the order. Please try again.')}
    >
      {order && (
        <>
          <p>
            {formatCount(order.quantity)} {cardTypeName(order.cardType, pricing).toLowerCase()} cards · {formatCents(order.totalCents)}
          </p>
          {order.status === 'PAID' ? (
            <p>
              The payment of <strong>{formatCents(order.totalCents)}</strong> is refunded and the order&apos;s {formatCount(order.quantity)} cards are removed
              from your account.
            </p>
          ) : (
            <p>The order is cancelled and nothing is charged.</p>
          )}
          <p className="text-slate-500">This cannot be undone.</p>
        </>
      )}
    </ActionConfirmDialog>
  );
}
