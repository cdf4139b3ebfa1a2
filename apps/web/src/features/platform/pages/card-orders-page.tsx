import { useState, type ReactNode } from 'react';
import type { CardOrderStatus, PlatformCardOrder } from '@loyalty/contract';
import { Package, SearchX } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/input';
import { LoadError } from '@/components/ui/load-error';
import { errorMessage } from '@/lib/api';
import { usePlatformCardOrders, useUpdateCardOrderStatus } from '../api/card-orders';
import { AdvanceOrderDialog } from '../components/card-orders/advance-order-dialog';
import { isCardOrderStatus, nextStep, STATUS_FILTER_OPTIONS } from '../components/card-orders/labels';
import { PlatformOrdersSkeleton, PlatformOrdersTable } from '../components/card-orders/orders-table';

/**
 * /platform/card-orders (decisions.md 'Card orders'; platform_admin): every tenant's printed-card
 * orders, newest first, with a status filter (kept in the address as ?status=, so reload and Back
 * keep it), a table (cards on phones) and per order the next fulfilment step (PAID → PROCESSING →
 * SHIPPED → DELIVERED) behind a confirmation; the outcome shows as a toast ('Order marked as
 * Shipped', else the server's message, e.g. the 409 when the order moved meanwhile, or in
 * production 'This order was paid with demo payments (no money was taken) and cannot be
 * fulfilled' for an order marked 'Demo payment', issue 12 item 2). Loading,
 * empty ('No card orders yet' / 'No orders with this status') and error-with-retry states.
 */
export function PlatformCardOrdersPage() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: CardOrderStatus | undefined = isCardOrderStatus(statusParam) ? statusParam : undefined;

  const orders = usePlatformCardOrders(status);
  const update = useUpdateCardOrderStatus();
  const [advancing, setAdvancing] = useState<PlatformCardOrder | null>(null);

  function setStatus(next: CardOrderStatus | '') {
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set('status', next);
        else p.delete('status');
        return p;
      },
      { replace: true },
    );
  }

  function confirm(order: PlatformCardOrder) {
    const step = nextStep(order);
    if (!step) return;
    update.mutate(
      { id: order.id, status: step.status },
      {
        onSuccess: () => toast.success(`Order marked as ${step.label}`),
        onError: (error) => toast.error(errorMessage(error, 'Failed to update the order. Please try again.')),
        onSettled: () => setAdvancing(null),
      },
    );
  }

  const list = orders.data ?? [];
  let body: ReactNode;
  if (orders.isPending) {
    body = <PlatformOrdersSkeleton />;
  } else if (orders.isError && !orders.data) {
    body = <LoadError title="Failed to load card orders" query={orders} fallback="Something went wrong while loading the card orders." />;
  } else if (list.length === 0) {
    body = status ? (
      <EmptyState icon={<SearchX aria-hidden="true" className="h-8 w-8" />} title="No orders with this status" text="Orders appear here once they reach this step.">
        <Button variant="outline" onClick={() => setStatus('')}>
          Show all orders
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={<Package aria-hidden="true" className="h-8 w-8" />} title="No card orders yet" text="When a business orders printed cards they appear here; paid orders are waiting to be processed and shipped." />
    );
  } else {
    body = (
      <div aria-busy={orders.isFetching || undefined}>
        <PlatformOrdersTable orders={list} onAdvance={setAdvancing} dimmed={orders.isPlaceholderData} />
      </div>
    );
  }

  const count = orders.data?.length;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Card Orders"
        subtitle="Printed-card orders of every tenant: process and ship the paid ones."
      />
      <div className="mb-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500" aria-live="polite">
          {count !== undefined && count > 0 && (count === 1 ? '1 order' : `${count.toLocaleString('en-US')} orders`)}
          {count !== undefined && count >= 200 && ' (the newest 200)'}
        </p>
        <Select label="Status" hideLabel wrapperClassName="sm:w-52" value={status ?? ''} onChange={(e) => setStatus(e.target.value as CardOrderStatus | '')}>
          <option value="">All statuses</option>
          {STATUS_FILTER_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
      </div>
      {orders.isError && orders.data && (
        <Alert tone="error" className="mb-4">
          {errorMessage(orders.error, 'Failed to load card orders')}
        </Alert>
      )}
      {body}

      <AdvanceOrderDialog order={advancing} pending={update.isPending} onClose={() => !update.isPending && setAdvancing(null)} onConfirm={confirm} />
    </div>
  );
}

function EmptyState({ icon, title, text, children }: { icon: ReactNode; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">{icon}</span>
      <h2 className="mt-4 text-lg font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-slate-500">{text}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}
