import type { PlatformCardOrder } from '@loyalty/contract';
import type { ReactNode } from 'react';
import { CreditCard } from 'lucide-react';
import { OrderTotal } from '@/components/order-total';
import { Table, type Column } from '@/components/ui/table';
import { Badge, OrderStatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCount, formatCents, formatDate, formatDateTime, formatTime, shipToPlace } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { cardTypeName } from '@/lib/labels';
import { cardOrdersMessages } from '../../messages-card-orders';

import { nextStep } from './labels';

/** The next-step button of an order ('Start processing', 'Mark shipped', 'Mark delivered'); nothing when there is none. */
function StepButton({ order, onAdvance, className }: { order: PlatformCardOrder; onAdvance: (order: PlatformCardOrder) => void; className?: string }) {
  const step = nextStep(order);
  if (!step) return null;
  return (
    <Button size="sm" variant={order.status === 'PAID' ? 'primary' : 'outline'} className={className} onClick={() => onAdvance(order)}>
      {step.action}
    </Button>
  );
}

/**
 * The status badge, with 'Demo payment' beside it when the order was paid on the Demo
 * provider's checkout (no money was taken; production refuses to fulfil it).
 */
function StatusBadges({ order }: { order: PlatformCardOrder }) {
  const t = useMessages(cardOrdersMessages);
  return (
    <div className="flex flex-wrap items-center justify-end gap-1 lg:justify-start">
      <OrderStatusBadge status={order.status} />
      {order.demoPayment && (
        <Badge color="orange" title={t('demoPaymentTitle')}>
          {t('demoPayment')}
        </Badge>
      )}
    </div>
  );
}

function ShipTo({ order }: { order: PlatformCardOrder }) {
  return (
    <div className="min-w-0 text-sm">
      <p className="truncate text-slate-800" title={order.shippingAddress.name}>
        {order.shippingAddress.name}
      </p>
      <p className="text-slate-500" title={shipToPlace(order)}>
        {shipToPlace(order)}
      </p>
    </div>
  );
}

const columns = (t: Translate<typeof cardOrdersMessages.en>, onAdvance: (order: PlatformCardOrder) => void): Column<PlatformCardOrder>[] => [
  {
    id: 'date',
    header: t('columnDate'),
    className: 'text-sm whitespace-nowrap',
    cell: (o) => (
      <div
        title={
          o.paidAt
            ? t('orderedPaid', { ordered: formatDateTime(o.createdAt), paid: formatDateTime(o.paidAt) })
            : t('ordered', { ordered: formatDateTime(o.createdAt) })
        }
      >
        <p className="text-slate-700">{formatDate(o.createdAt)}</p>
        <p className="text-xs text-slate-500">{formatTime(o.createdAt)}</p>
      </div>
    ),
  },
  {
    id: 'tenant',
    header: t('columnTenant'),
    className: 'max-w-[11rem]',
    cell: (o) => (
      <>
        <p className="truncate text-sm font-medium text-slate-900" title={o.tenant.name}>
          {o.tenant.name}
        </p>
        <p className="truncate font-mono text-xs text-slate-500">{o.tenant.slug}</p>
      </>
    ),
  },
  { id: 'type', header: t('columnType'), className: 'text-sm whitespace-nowrap text-slate-700', cell: (o) => cardTypeName(o.cardType) },
  { id: 'quantity', header: t('columnQuantity'), align: 'right', className: 'text-sm text-slate-900 tabular-nums', cell: (o) => formatCount(o.quantity) },
  {
    id: 'total',
    header: t('columnTotal'),
    align: 'right',
    className: 'text-sm whitespace-nowrap tabular-nums',
    cell: (o) => <OrderTotal order={o} />,
  },
  { id: 'ship', header: t('columnShipTo'), className: 'max-w-[8rem]', cell: (o) => <ShipTo order={o} /> },
  { id: 'status', header: t('columnStatus'), cell: (o) => <StatusBadges order={o} /> },
  { id: 'action', header: t('columnAction'), align: 'right', className: 'whitespace-nowrap', cell: (o) => <StepButton order={o} onAdvance={onAdvance} /> },
];

/** One order below the lg breakpoint: tenant, status, quantity × card type, total, order date, ship-to and the next step. */
function OrderCard({ o, onAdvance }: { o: PlatformCardOrder; onAdvance: (order: PlatformCardOrder) => void }) {
  const t = useMessages(cardOrdersMessages);
  return (
    <article
      aria-label={t('cardLabel', { tenant: o.tenant.name })}
      data-testid="platform-order-card"
      data-order-id={o.id}
      data-status={o.status}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{o.tenant.name}</p>
          <p className="truncate font-mono text-xs text-slate-500">{o.tenant.slug}</p>
        </div>
        <StatusBadges order={o} />
      </div>
      <p className="mt-3 flex items-center gap-1.5 text-sm font-medium text-slate-900">
        <CreditCard aria-hidden="true" className="h-4 w-4 shrink-0 text-indigo-600" />
        {formatCount(o.quantity)} × {cardTypeName(o.cardType)}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-3 border-t border-slate-100 pt-3 text-xs">
        <div>
          <dt className="text-slate-500">{t('total')}</dt>
          <dd className="mt-0.5 text-sm font-semibold text-slate-900 tabular-nums">
            {formatCents(o.totalCents)} <span className="text-xs font-normal text-slate-500">{t('each', { amount: formatCents(o.unitPriceCents) })}</span>
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('orderedLabel')}</dt>
          <dd className="mt-0.5 text-sm text-slate-700">
            {formatDate(o.createdAt)} <span className="text-xs text-slate-500">{formatTime(o.createdAt)}</span>
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-500">{t('shipTo')}</dt>
          <dd className="mt-0.5">
            <ShipTo order={o} />
          </dd>
        </div>
      </dl>
      <StepButton order={o} onAdvance={onAdvance} className="mt-3 w-full" />
    </article>
  );
}

/**
 * Every tenant's card orders (docs/product.md 'Card orders'): from the lg breakpoint a table with
 * Order date (time under it, paid time in its tooltip), Tenant (name and slug), Card type, Quantity, Total (cents via
 * formatCents, unit price under it), Ship to (name; city, country), Status badge (and 'Demo
 * payment' for an order paid on the Demo provider) and the next step's button; below it one card
 * per order with the same facts. `loading` shows placeholder rows, `empty` replaces an empty list,
 * `dimmed` while a new filter loads.
 */
export function PlatformOrdersTable({
  orders,
  onAdvance,
  dimmed,
  loading,
  empty,
}: {
  orders: PlatformCardOrder[];
  onAdvance: (order: PlatformCardOrder) => void;
  dimmed?: boolean;
  loading?: boolean;
  empty?: ReactNode;
}) {
  const t = useMessages(cardOrdersMessages);
  return (
    <Table
      caption={t('tableCaption')}
      columns={columns(t, onAdvance)}
      rows={orders}
      rowKey={(o) => o.id}
      rowProps={(o) => ({ 'data-testid': 'platform-order-row', 'data-order-id': o.id, 'data-status': o.status })}
      renderCard={(o) => <OrderCard o={o} onAdvance={onAdvance} />}
      listClassName="space-y-3"
      breakpoint="lg"
      cellClassName="px-2 py-3 first:pl-4 last:pr-4"
      framed
      loading={loading}
      empty={empty}
      busy={dimmed}
    />
  );
}
