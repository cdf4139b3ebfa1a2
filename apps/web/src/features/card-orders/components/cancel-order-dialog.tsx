import type { CardOrder, CardOrderPricingResponse } from '@loyalty/contract';
import { ActionConfirmDialog } from '@/components/ui/action-confirm-dialog';
import { errorMessage } from '@/lib/api';
import { formatCents, formatCount } from '@/lib/format';
import { RichMessage, useMessages } from '@/lib/i18n';
import { useCancelCardOrder } from '../api/card-orders';
import { cardTypeName } from '@/lib/labels';
import { cardOrdersMessages } from '../messages';

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
  const t = useMessages(cardOrdersMessages);
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
      title={t('cancelTitle')}
      pending={cancel.isPending}
      onConfirm={confirm}
      cancelLabel={t('keepOrder')}
      confirmLabel={t('cancelOrder')}
      error={cancel.isError && errorMessage(cancel.error, t('cancelFailed'))}
    >
      {order && (
        <>
          <p>
            {t('cancelSummary', {
              quantity: formatCount(order.quantity),
              type: cardTypeName(order.cardType, pricing).toLowerCase(),
              total: formatCents(order.totalCents),
            })}
          </p>
          {order.status === 'PAID' ? (
            <p>
              <RichMessage
                catalog={cardOrdersMessages}
                id="cancelPaid"
                values={{ total: formatCents(order.totalCents), quantity: formatCount(order.quantity) }}
                components={{ strong: <strong /> }}
              />
            </p>
          ) : (
            <p>{t('cancelPending')}</p>
          )}
          <p className="text-slate-500">{t('cannotUndo')}</p>
        </>
      )}
    </ActionConfirmDialog>
  );
}
