import type { ErasureRequestItem } from '@loyalty/contract';
import { ShieldCheck, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, type Column } from '@/components/ui/table';
import { formatDate } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { customersMessages } from '../messages';

/**
 * The open erasure requests (ADR 0026): customer, e-mail, asked on, erased automatically on,
 * and 'Erase now' per row (`onErase`). Empty: 'No erasure requests'.
 */
export function ErasureRequestsTable({
  requests,
  loading,
  onErase,
}: {
  requests: readonly ErasureRequestItem[];
  loading: boolean;
  onErase: (r: ErasureRequestItem) => void;
}) {
  const t = useMessages(customersMessages);
  const eraseButton = (r: ErasureRequestItem) => (
    <Button size="sm" variant="danger" onClick={() => onErase(r)} aria-label={t('requestsEraseLabel', { name: r.customerName })}>
      <UserX aria-hidden="true" className="h-4 w-4" />
      {t('requestsErase')}
    </Button>
  );
  const columns: Column<ErasureRequestItem>[] = [
    { id: 'customer', header: t('requestsCustomer'), cell: (r) => <span className="font-medium text-slate-900">{r.customerName}</span> },
    { id: 'email', header: t('requestsEmail'), cell: (r) => r.email ?? '—' },
    { id: 'requested', header: t('requestsAskedOn'), cell: (r) => formatDate(r.requestedAt) },
    { id: 'due', header: t('requestsDueOn'), cell: (r) => formatDate(r.dueAt) },
    { id: 'action', header: <span className="sr-only">{t('requestsActions')}</span>, align: 'right', cell: eraseButton },
  ];
  return (
    <Table
      caption={t('requestsCaption')}
      columns={columns}
      rows={requests}
      rowKey={(r) => r.customerId}
      loading={loading}
      renderCard={(r) => (
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="font-medium text-slate-900">{r.customerName}</p>
            <p className="text-sm text-slate-500">{t('requestsDates', { asked: formatDate(r.requestedAt), due: formatDate(r.dueAt) })}</p>
          </div>
          {eraseButton(r)}
        </div>
      )}
      empty={
        <EmptyState icon={<ShieldCheck aria-hidden="true" className="h-8 w-8" />} title={t('requestsEmptyTitle')} description={t('requestsEmptyDescription')} />
      }
    />
  );
}
