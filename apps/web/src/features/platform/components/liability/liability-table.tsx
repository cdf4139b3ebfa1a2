import type { PlatformLiabilityReport } from '@loyalty/contract';
import { Landmark } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, type Column, type TableSort } from '@/components/ui/table';
import { formatBps, formatCents } from '@/lib/format';

type Row = PlatformLiabilityReport['tenants'][number];

const columns: Column<Row>[] = [
  { id: 'name', header: 'Tenant', sortable: true, cell: (t) => <span className="font-medium text-slate-900">{t.tenantName}</span> },
  { id: 'outstanding', header: 'Outstanding', align: 'right', sortable: true, className: 'tabular-nums', cell: (t) => formatCents(t.outstandingCents) },
  { id: 'earned', header: 'Earned (30 days)', align: 'right', className: 'tabular-nums', cell: (t) => formatCents(t.period.earnedCents) },
  { id: 'redeemed', header: 'Redeemed (30 days)', align: 'right', className: 'tabular-nums', cell: (t) => formatCents(t.period.redeemedCents) },
  { id: 'expired', header: 'Expired (30 days)', align: 'right', sortable: true, className: 'tabular-nums', cell: (t) => formatCents(t.period.expiredCents) },
  { id: 'breakage', header: 'Breakage', align: 'right', className: 'tabular-nums', cell: (t) => formatBps(t.period.breakageRateBps) },
];

/** A tenant as a phone card: name, outstanding, and the period's earned and redeemed. */
function TenantCard({ t }: { t: Row }) {
  return (
    <div className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{t.tenantName}</p>
        <p className="text-xs text-slate-500">
          Earned {formatCents(t.period.earnedCents)} · Redeemed {formatCents(t.period.redeemedCents)}
        </p>
      </div>
      <p className="font-semibold text-slate-900 tabular-nums">{formatCents(t.outstandingCents)}</p>
    </div>
  );
}

/** The operator's per-tenant liability table, sortable by tenant, outstanding and expired (the server sorts). */
export function LiabilityTable(props: { rows: Row[]; sort: TableSort; onSortChange: (s: TableSort) => void; busy?: boolean; loading?: boolean }) {
  const { rows, sort, onSortChange, busy, loading } = props;
  return (
    <Table
      caption="Liability by tenant"
      listLabel="Liability by tenant"
      framed
      columns={columns}
      rows={rows}
      rowKey={(t) => t.tenantId}
      renderCard={(t) => <TenantCard t={t} />}
      sort={sort}
      onSortChange={onSortChange}
      busy={busy}
      loading={loading}
      loadingLabel="Loading liability by tenant"
      empty={
        <EmptyState
          icon={<Landmark aria-hidden="true" className="h-8 w-8" />}
          title="No tenants yet"
          description="Tenants appear here once they are created."
        />
      }
    />
  );
}
