import type { ErasureRequestItem } from '@loyalty/contract';
import { ShieldCheck, UserX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, type Column } from '@/components/ui/table';
import { formatDate } from '@/lib/format';

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
  const eraseButton = (r: ErasureRequestItem) => (
    <Button size="sm" variant="danger" onClick={() => onErase(r)} aria-label={`Erase ${r.customerName} now`}>
      <UserX aria-hidden="true" className="h-4 w-4" />
      Erase now
    </Button>
  );
  const columns: Column<ErasureRequestItem>[] = [
    { id: 'customer', header: 'Customer', cell: (r) => <span className="font-medium text-slate-900">{r.customerName}</span> },
    { id: 'email', header: 'E-mail', cell: (r) => r.email ?? '—' },
    { id: 'requested', header: 'Asked on', cell: (r) => formatDate(r.requestedAt) },
    { id: 'due', header: 'Erased automatically on', cell: (r) => formatDate(r.dueAt) },
    { id: 'action', header: <span className="sr-only">Actions</span>, align: 'right', cell: eraseButton },
  ];
  return (
    <Table
      caption="Erasure requests"
      columns={columns}
      rows={requests}
      rowKey={(r) => r.customerId}
      loading={loading}
      renderCard={(r) => (
        <div className="flex items-center justify-between gap-3">
          <div>
            <p className="font-medium text-slate-900">{r.customerName}</p>
            <p className="text-sm text-slate-500">
              Asked on {formatDate(r.requestedAt)} · erased automatically on {formatDate(r.dueAt)}
            </p>
          </div>
          {eraseButton(r)}
        </div>
      )}
      empty={
        <EmptyState
          icon={<ShieldCheck aria-hidden="true" className="h-8 w-8" />}
          title="No erasure requests"
          description="When a customer asks to erase their data from their account page, the request appears here."
        />
      }
    />
  );
}
