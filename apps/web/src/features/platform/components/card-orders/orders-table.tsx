import type { PlatformCardOrder } from '@loyalty/contract';
import { CreditCard } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { OrderStatusBadge } from '@/features/card-orders/components/orders-list';
import { cardTypeName, formatCount } from '@/features/card-orders/lib/labels';
import { cn } from '@/lib/cn';
import { formatCents, formatDate, formatDateTime } from '@/lib/format';

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
/** ISO timestamp → '3:15 PM'. */
const formatTime = (iso: string) => time.format(new Date(iso));
import { nextStep, shipToPlace } from './labels';

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
 * provider's checkout (no money was taken; production refuses to fulfil it, issue 12 item 2).
 */
function StatusBadges({ order }: { order: PlatformCardOrder }) {
  return (
    <div className="flex flex-wrap items-center justify-end gap-1 lg:justify-start">
      <OrderStatusBadge status={order.status} />
      {order.demoPayment && (
        <Badge color="orange" title="Paid with demo payments: no money was taken">
          Demo payment
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

const HEADERS = ['Order date', 'Tenant', 'Card type', 'Quantity', 'Total', 'Ship to', 'Status'] as const;
const RIGHT = new Set<string>(['Quantity', 'Total']);

/**
 * Every tenant's card orders (decisions.md 'Card orders'): from the lg breakpoint a table with
 * Order date (time under it, paid time in its tooltip), Tenant (name and slug), Card type, Quantity, Total (cents via
 * formatCents, unit price under it), Ship to (name; city, country), Status badge (and 'Demo
 * payment' for an order paid on the Demo provider, issue 12 item 2) and the next
 * step's button; below it one card per order with the same facts. `dimmed` while a new filter loads.
 */
export function PlatformOrdersTable({ orders, onAdvance, dimmed }: { orders: PlatformCardOrder[]; onAdvance: (order: PlatformCardOrder) => void; dimmed?: boolean }) {
  return (
    <div className={cn('transition-opacity', dimmed && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:block">
        <table className="min-w-full divide-y divide-slate-200">
          <thead className="bg-slate-50">
            <tr>
              {HEADERS.map((h) => (
                <th key={h} scope="col" className={cn('px-2 py-3 text-xs font-semibold text-slate-500 first:pl-4', RIGHT.has(h) ? 'text-right' : 'text-left')}>
                  {h}
                </th>
              ))}
              <th scope="col" className="py-3 pl-2 pr-4 text-right text-xs font-semibold text-slate-500">
                Action
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {orders.map((o) => (
              <tr key={o.id} data-testid="platform-order-row" data-order-id={o.id} data-status={o.status} className="hover:bg-slate-50/70">
                <td className="py-3 pl-4 pr-2 text-sm whitespace-nowrap" title={o.paidAt ? `Ordered ${formatDateTime(o.createdAt)}, paid ${formatDateTime(o.paidAt)}` : `Ordered ${formatDateTime(o.createdAt)}`}>
                  <p className="text-slate-700">{formatDate(o.createdAt)}</p>
                  <p className="text-xs text-slate-500">{formatTime(o.createdAt)}</p>
                </td>
                <td className="max-w-[11rem] px-2 py-3">
                  <p className="truncate text-sm font-medium text-slate-900" title={o.tenant.name}>
                    {o.tenant.name}
                  </p>
                  <p className="truncate font-mono text-xs text-slate-500">{o.tenant.slug}</p>
                </td>
                <td className="px-2 py-3 text-sm whitespace-nowrap text-slate-700">{cardTypeName(o.cardType)}</td>
                <td className="px-2 py-3 text-right text-sm text-slate-900 tabular-nums">{formatCount(o.quantity)}</td>
                <td className="px-2 py-3 text-right text-sm whitespace-nowrap tabular-nums">
                  <span className="font-semibold text-slate-900">{formatCents(o.totalCents)}</span>
                  <span className="block text-xs text-slate-500">{formatCents(o.unitPriceCents)} each</span>
                </td>
                <td className="max-w-[8rem] px-2 py-3">
                  <ShipTo order={o} />
                </td>
                <td className="px-2 py-3">
                  <StatusBadges order={o} />
                </td>
                <td className="py-3 pl-2 pr-4 text-right whitespace-nowrap">
                  <StepButton order={o} onAdvance={onAdvance} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="space-y-3 lg:hidden">
        {orders.map((o) => (
          <li key={o.id}>
            <article aria-label={`Order of ${o.tenant.name}`} data-testid="platform-order-card" data-order-id={o.id} data-status={o.status} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
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
                  <dt className="text-slate-500">Total</dt>
                  <dd className="mt-0.5 text-sm font-semibold text-slate-900 tabular-nums">
                    {formatCents(o.totalCents)} <span className="text-xs font-normal text-slate-500">({formatCents(o.unitPriceCents)} each)</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-500">Ordered</dt>
                  <dd className="mt-0.5 text-sm text-slate-700">
                    {formatDate(o.createdAt)} <span className="text-xs text-slate-500">{formatTime(o.createdAt)}</span>
                  </dd>
                </div>
                <div className="col-span-2">
                  <dt className="text-slate-500">Ship to</dt>
                  <dd className="mt-0.5">
                    <ShipTo order={o} />
                  </dd>
                </div>
              </dl>
              <StepButton order={o} onAdvance={onAdvance} className="mt-3 w-full" />
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Placeholder rows while the first list loads. */
export function PlatformOrdersSkeleton() {
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-busy="true" aria-label="Loading card orders">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="h-12 animate-pulse rounded-lg bg-slate-100" />
      ))}
    </div>
  );
}
