import { useState, type ReactNode } from 'react';
import type { PlatformCardOrder } from '@loyalty/contract';
import { Package } from 'lucide-react';
import { toast } from 'react-toastify';
import { Select } from '@/components/ui/select';
import { EmptyState, NoResults } from '@/components/ui/empty-state';
import { ListPage } from '@/components/ui/list-page';
import { useListParams } from '@/hooks/use-list-params';
import { formatCount } from '@/lib/format';
import { errorMessage } from '@/lib/api';
import { translate, useMessages } from '@/lib/i18n';
import { usePlatformCardOrders, useUpdateCardOrderStatus } from '../api/card-orders';
import { AdvanceOrderDialog } from '../components/card-orders/advance-order-dialog';
import { isCardOrderStatus, nextStep, STATUS_FILTER_OPTIONS } from '../components/card-orders/labels';
import { PlatformOrdersTable } from '../components/card-orders/orders-table';
import { cardOrdersMessages } from '../messages-card-orders';

/**
 * /platform/card-orders (docs/product.md 'Card orders'; platform_admin): every tenant's printed-card
 * orders, newest first, with a status filter (kept in the address as ?status=, so reload and Back
 * keep it), a table (cards on phones) and per order the next fulfilment step (PAID → PROCESSING →
 * SHIPPED → DELIVERED) behind a confirmation; the outcome shows as a toast ('Order marked as
 * Shipped', else the server's message, e.g. the 409 when the order moved meanwhile, or in
 * production 'This order was paid with demo payments (no money was taken) and cannot be
 * fulfilled' for an order marked 'Demo payment'). Loading, empty ('No card orders yet' / 'No orders
 * with this status') and error-with-retry states.
 */
export function PlatformCardOrdersPage() {
  const t = useMessages(cardOrdersMessages);
  const list$ = useListParams(['status']);
  const status = isCardOrderStatus(list$.filters.status) ? list$.filters.status : undefined;
  const orders = usePlatformCardOrders(status);
  const advance = useAdvanceOrder();
  const count = orders.data?.length;
  return (
    <ListPage
      title={t('pageTitle')}
      subtitle={t('pageSubtitle')}
      toolbar={
        <div className="mb-4 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-500" aria-live="polite">
            {count !== undefined && count > 0 && t('ordersCount', { count, n: formatCount(count) })}
            {count !== undefined && count >= 200 && t('newest200')}
          </p>
          <Select
            label={t('statusFilter')}
            hideLabel
            wrapperClassName="sm:w-52"
            value={status ?? ''}
            onChange={(e) => list$.update({ status: e.target.value })}
          >
            <option value="">{t('allStatuses')}</option>
            {STATUS_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </div>
      }
      query={orders}
      errorTitle={t('loadFailed')}
      errorFallback={t('loadFailedFallback')}
      dialogs={advance.dialog}
    >
      <PlatformOrdersTable
        orders={orders.data ?? []}
        onAdvance={advance.open}
        loading={orders.isPending}
        dimmed={orders.isPlaceholderData}
        empty={<OrdersEmpty filtered={Boolean(status)} onShowAll={list$.clearAll} />}
      />
    </ListPage>
  );
}

/** The next-step confirmation of an order: `open(order)` asks, confirming moves it on and toasts the outcome. */
function useAdvanceOrder(): { open: (order: PlatformCardOrder) => void; dialog: ReactNode } {
  const update = useUpdateCardOrderStatus();
  const [advancing, setAdvancing] = useState<PlatformCardOrder | null>(null);
  function confirm(order: PlatformCardOrder) {
    const step = nextStep(order);
    if (!step) return;
    update.mutate(
      { id: order.id, status: step.status },
      {
        onSuccess: () => toast.success(translate(cardOrdersMessages, 'markedAs', { status: step.label })),
        onError: (error) => toast.error(errorMessage(error, translate(cardOrdersMessages, 'updateFailed'))),
        onSettled: () => setAdvancing(null),
      },
    );
  }
  const dialog = (
    <AdvanceOrderDialog order={advancing} pending={update.isPending} onClose={() => !update.isPending && setAdvancing(null)} onConfirm={confirm} />
  );
  return { open: setAdvancing, dialog };
}

/** 'No orders with this status' with Show all orders, or 'No card orders yet'. */
function OrdersEmpty({ filtered, onShowAll }: { filtered: boolean; onShowAll: () => void }) {
  const t = useMessages(cardOrdersMessages);
  return filtered ? (
    <NoResults title={t('noMatchTitle')} description={t('noMatchDescription')} clearLabel={t('showAll')} onClear={onShowAll} />
  ) : (
    <EmptyState icon={<Package aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />
  );
}
