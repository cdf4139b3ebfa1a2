import type { CardOrder, CardOrderPricingResponse } from '@loyalty/contract';
import { CreditCard, Package, X } from 'lucide-react';
import { LoadError } from '@/components/ui/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCents, formatDateTime } from '@/lib/format';
import { useCardOrders } from '../api/card-orders';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS, cardTypeName, formatCount } from '../lib/labels';

/** Status badge of a card order. */
export function OrderStatusBadge({ status }: { status: CardOrder['status'] }) {
  return <Badge color={ORDER_STATUS_COLORS[status] ?? 'grey'}>{ORDER_STATUS_LABELS[status] ?? status}</Badge>;
}

/** What a row can do: pay a waiting order, cancel a waiting or paid one. */
export interface OrderActions {
  onPay: (order: CardOrder) => void;
  onCancel: (order: CardOrder) => void;
  /** The order whose 'Pay now' is starting its checkout. */
  payingId: string | null;
}

const canPay = (o: CardOrder) => o.status === 'PENDING_PAYMENT';
const canCancel = (o: CardOrder) => o.status === 'PENDING_PAYMENT' || o.status === 'PAID';
const shipTo = (o: CardOrder) => [o.shippingAddress.city, o.shippingAddress.country].filter(Boolean).join(', ');

function RowActions({ order, actions }: { order: CardOrder; actions: OrderActions }) {
  const label = `${formatCount(order.quantity)} cards ordered ${formatDateTime(order.createdAt)}`;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {canPay(order) && (
        <Button size="sm" onClick={() => actions.onPay(order)} loading={actions.payingId === order.id} disabled={actions.payingId !== null} aria-label={`Pay now for ${label}`}>
          Pay now
        </Button>
      )}
      {canCancel(order) && (
        <Button size="sm" variant="outline" onClick={() => actions.onCancel(order)} aria-label={`Cancel order of ${label}`}>
          <X aria-hidden="true" className="h-3.5 w-3.5" />
          Cancel
        </Button>
      )}
    </div>
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

  let body;
  if (orders.isPending) {
    body = (
      <div className="space-y-2 p-5" aria-busy="true" aria-label="Loading orders">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-12 animate-pulse rounded-lg bg-slate-100" />
        ))}
      </div>
    );
  } else if (orders.isError) {
    body = (
      <div className="p-5">
        <LoadError title="Failed to load card orders" query={orders} fallback={'Something went wrong while loading your orders.'} />
      </div>
    );
  } else if (orders.data.length === 0) {
    body = (
      <div className="flex flex-col items-center px-6 py-8 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
          <Package aria-hidden="true" className="h-7 w-7" />
        </span>
        <p className="mt-3 font-semibold text-slate-900">No card orders yet</p>
        <p className="mt-1 max-w-sm text-sm text-slate-500">Order printed cards below; they appear here with their payment and shipping status.</p>
      </div>
    );
  } else {
    const list = orders.data;
    body = (
      <>
        <div className="hidden overflow-x-auto md:block">
          <table className="w-full text-sm">
            <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-3">
                  Date
                </th>
                <th scope="col" className="px-3 py-3">
                  Type
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Quantity
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  Total
                </th>
                <th scope="col" className="px-3 py-3">
                  Ship to
                </th>
                <th scope="col" className="px-3 py-3">
                  Status
                </th>
                <th scope="col" className="px-5 py-3 text-right">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.map((o) => (
                <tr key={o.id} data-testid="order-row" data-order-id={o.id}>
                  <td className="whitespace-nowrap px-5 py-3 text-slate-700">{formatDateTime(o.createdAt)}</td>
                  <td className="px-3 py-3 text-slate-900">{cardTypeName(o.cardType, pricing)}</td>
                  <td className="px-3 py-3 text-right tabular-nums text-slate-900">{formatCount(o.quantity)}</td>
                  <td className="whitespace-nowrap px-3 py-3 text-right tabular-nums">
                    <span className="font-semibold text-slate-900">{formatCents(o.totalCents)}</span>
                    <span className="block text-xs text-slate-500">{formatCents(o.unitPriceCents)} each</span>
                  </td>
                  <td className="max-w-[16rem] truncate px-3 py-3 text-slate-600">{shipTo(o)}</td>
                  <td className="px-3 py-3">
                    <OrderStatusBadge status={o.status} />
                  </td>
                  <td className="px-5 py-3">
                    <RowActions order={o} actions={actions} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <ul className="divide-y divide-slate-100 md:hidden">
          {list.map((o) => (
            <li key={o.id} data-testid="order-item" data-order-id={o.id} className="space-y-2 px-4 py-4">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="flex items-center gap-1.5 font-medium text-slate-900">
                    <CreditCard aria-hidden="true" className="h-4 w-4 shrink-0 text-indigo-600" />
                    {formatCount(o.quantity)} × {cardTypeName(o.cardType, pricing)}
                  </p>
                  <p className="text-xs text-slate-500">{formatDateTime(o.createdAt)}</p>
                </div>
                <OrderStatusBadge status={o.status} />
              </div>
              <div className="flex items-end justify-between gap-3">
                <div className="text-sm">
                  <span className="font-semibold text-slate-900 tabular-nums">{formatCents(o.totalCents)}</span>
                  <span className="ml-1 text-xs text-slate-500">({formatCents(o.unitPriceCents)} each)</span>
                  {shipTo(o) && <p className="text-xs text-slate-500">Ship to {shipTo(o)}</p>}
                </div>
                <RowActions order={o} actions={actions} />
              </div>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your orders</CardTitle>
        {orders.isSuccess && orders.data.length > 0 && <span className="text-xs text-slate-500">{orders.data.length === 1 ? '1 order' : `${orders.data.length} orders`}</span>}
      </CardHeader>
      {body}
    </Card>
  );
}
