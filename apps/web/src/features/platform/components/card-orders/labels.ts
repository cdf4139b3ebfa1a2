import { CardOrderStatus, NEXT_FULFILMENT_STATUS, type PlatformCardOrder } from '@loyalty/contract';
import { translate } from '@/lib/i18n';
import { ORDER_STATUS_LABELS } from '@/lib/labels';
import { cardOrdersMessages } from '../../messages-card-orders';

/** The button naming an order's next fulfilment step (docs/product.md 'Card orders'). */
const NEXT_STEP_ACTIONS: Partial<Record<CardOrderStatus, 'startProcessing' | 'markShipped' | 'markDelivered'>> = {
  PAID: 'startProcessing',
  PROCESSING: 'markShipped',
  SHIPPED: 'markDelivered',
};

/** The operator's next step of an order: the status it moves to and the button text; null when none (waiting for payment, delivered, cancelled). */
export function nextStep(order: Pick<PlatformCardOrder, 'status'>): { status: CardOrderStatus; action: string; label: string } | null {
  const status = NEXT_FULFILMENT_STATUS[order.status];
  const action = NEXT_STEP_ACTIONS[order.status];
  if (!status || !action) return null;
  return { status, action: translate(cardOrdersMessages, action), label: ORDER_STATUS_LABELS[status] };
}

/** Options of the status filter: every status, in the order an order goes through them. */
export const STATUS_FILTER_OPTIONS: readonly { value: CardOrderStatus; label: string }[] = CardOrderStatus.options.map((value) => ({
  value,
  label: ORDER_STATUS_LABELS[value],
}));

/** Whether `v` is a card-order status (for the ?status= address parameter). */
export function isCardOrderStatus(v: string | null): v is CardOrderStatus {
  return v !== null && (CardOrderStatus.options as readonly string[]).includes(v);
}
