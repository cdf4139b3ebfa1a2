import type { CardOrder, CardOrderPricingResponse } from '@loyalty/contract';
import { CreditCard, Package, X } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { OrderStatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDateTime, formatCount, shipToPlace } from '@/lib/format';
import { OrderTotal } from '@/components/order-total';
import { Table, type Column } from '@/components/ui/table';
import { useMessages } from '@/lib/i18n';
import { useCardOrders } from '../api/card-orders';
import { cardTypeName } from '@/lib/labels';
import { cardOrdersMessages, type CardOrdersT } from '../messages';

/** What a row can do: pay a waiting order, cancel a waiting or paid one. */
export interface OrderActions {
  onPay: (order: CardOrder) => void;
  onCancel: (order: CardOrder) => void;
  /** The order whose 'Pay now' is starting its checkout. */
  payingId: string | null;
}

const canPay = (o: CardOrder) => o.status === 'PENDING_PAYMENT';
const canCancel = (o: CardOrder) => o.status === 'PENDING_PAYMENT' || o.status === 'PAID';

function RowActions({ order, actions }: { order: CardOrder; actions: OrderActions }) {
  const t = useMessages(cardOrdersMessages);
  const label = t('rowLabel', { quantity: formatCount(order.quantity), date: formatDateTime(order.createdAt) });
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {canPay(order) && (
        <Button
          size="sm"
          onClick={() => actions.onPay(order)}
          loading={actions.payingId === order.id}
          disabled={actions.payingId !== null}
          aria-label={t('payNowLabel', { row: label })}
        >
          {t('payNow')}
        </Button>
      )}
      {canCancel(order) && (
        <Button size="sm" variant="outline" onClick={() => actions.onCancel(order)} aria-label={t('cancelLabel', { row: label })}>
          <X aria-hidden="true" className="h-3.5 w-3.5" />
          {t('cancel')}
        </Button>
      )}
    </div>
  );
}

const columns = (pricing: CardOrderPricingResponse | undefined, actions: OrderActions, t: CardOrdersT): Column<CardOrder>[] => [
  { id: 'date', header: t('colDate'), className: 'whitespace-nowrap text-slate-700', cell: (o) => formatDateTime(o.createdAt) },
  { id: 'type', header: t('colType'), className: 'text-slate-900', cell: (o) => cardTypeName(o.cardType, pricing) },
  { id: 'quantity', header: t('colQuantity'), align: 'right', className: 'tabular-nums text-slate-900', cell: (o) => formatCount(o.quantity) },
  {
    id: 'total',
    header: t('colTotal'),
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (o) => <OrderTotal order={o} />,
  },
  { id: 'ship', header: t('colShipTo'), className: 'max-w-[16rem] truncate text-slate-600', cell: shipToPlace },
  { id: 'status', header: t('colStatus'), cell: (o) => <OrderStatusBadge status={o.status} /> },
  { id: 'actions', header: <span className="sr-only">{t('colActions')}</span>, align: 'right', cell: (o) => <RowActions order={o} actions={actions} /> },
];

/** One order on a phone: quantity × card type, date, status, total, ship-to and the buttons. */
function OrderCard({ o, pricing, actions }: { o: CardOrder; pricing?: CardOrderPricingResponse; actions: OrderActions }) {
  const t = useMessages(cardOrdersMessages);
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-medium text-slate-900">
            <CreditCard aria-hidden="true" className="h-4 w-4 shrink-0 text-indigo-600" />
            {t('cardLine', { quantity: formatCount(o.quantity), type: cardTypeName(o.cardType, pricing) })}
          </p>
          <p className="text-xs text-slate-500">{formatDateTime(o.createdAt)}</p>
        </div>
        <OrderStatusBadge status={o.status} />
      </div>
      <div className="flex items-end justify-between gap-3">
        <div className="text-sm">
          <span className="font-semibold text-slate-900 tabular-nums">{formatCents(o.totalCents)}</span>
          <span className="ml-1 text-xs text-slate-500">{t('unitEach', { price: formatCents(o.unitPriceCents) })}</span>
          {shipToPlace(o) && <p className="text-xs text-slate-500">{t('shipTo', { place: shipToPlace(o) })}</p>}
        </div>
        <RowActions order={o} actions={actions} />
      </div>
    </>
  );
}

/**
 * 'Your orders': a table on wide screens, a list of cards on phones. Date, type, quantity, total
 * (cents via formatCents, unit price under it), ship-to city, status badge, 'Pay now' on
 * PENDING_PAYMENT, 'Cancel' on PENDING_PAYMENT and PAID. Loading skeleton, error with 'Try
 * again', empty 'No card orders yet'.
 */
export function OrdersList({ slug, pricing, actions }: { slug: string; pricing?: CardOrderPricingResponse; actions: OrderActions }) {
  const orders = useCardOrders(slug);
  const t = useMessages(cardOrdersMessages);

  let body;
  if (orders.isPending) {
    body = (
      <div className="space-y-2 p-5" aria-busy="true" aria-label={t('loadingOrders')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  } else if (orders.isError) {
    body = (
      <div className="p-5">
        <LoadError title={t('ordersLoadFailed')} query={orders} fallback={t('ordersLoadFallback')} />
      </div>
    );
  } else if (orders.data.length === 0) {
    body = (
      <div className="flex flex-col items-center px-6 py-8 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <Package aria-hidden="true" className="h-7 w-7" />
        </span>
        <p className="mt-3 font-semibold text-slate-900">{t('ordersEmptyTitle')}</p>
        <p className="mt-1 max-w-sm text-sm text-slate-500">{t('ordersEmptyDescription')}</p>
      </div>
    );
  } else {
    body = (
      <Table
        caption={t('yourOrders')}
        columns={columns(pricing, actions, t)}
        rows={orders.data}
        rowKey={(o) => o.id}
        rowProps={(o) => ({ 'data-testid': 'order-row', 'data-order-id': o.id, className: 'text-sm' })}
        renderCard={(o) => <OrderCard o={o} pricing={pricing} actions={actions} />}
        cardProps={(o) => ({ 'data-testid': 'order-item', 'data-order-id': o.id, className: 'space-y-2 px-4 py-4' })}
        cellClassName="px-3 py-3 first:pl-5 last:pr-5"
      />
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('yourOrders')}</CardTitle>
        {orders.isSuccess && orders.data.length > 0 && <span className="text-xs text-slate-500">{t('ordersCount', { count: orders.data.length })}</span>}
      </CardHeader>
      {body}
    </Card>
  );
}
