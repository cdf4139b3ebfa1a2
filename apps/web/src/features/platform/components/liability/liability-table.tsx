import type { PlatformLiabilityReport } from '@loyalty/contract';
import { Landmark } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { Table, type Column, type TableSort } from '@/components/ui/table';
import { formatBps, formatCents } from '@/lib/format';
import { useMessages, type Translate } from '@/lib/i18n';
import { liabilityMessages } from '../../messages-liability';

type Row = PlatformLiabilityReport['tenants'][number];
type LiabilityT = Translate<typeof liabilityMessages.en>;

const columns = (t: LiabilityT): Column<Row>[] => [
  { id: 'name', header: t('columnTenant'), sortable: true, cell: (r) => <span className="font-medium text-slate-900">{r.tenantName}</span> },
  {
    id: 'outstanding',
    header: t('columnOutstanding'),
    align: 'right',
    sortable: true,
    className: 'tabular-nums',
    cell: (r) => formatCents(r.outstandingCents),
  },
  { id: 'earned', header: t('columnEarned'), align: 'right', className: 'tabular-nums', cell: (r) => formatCents(r.period.earnedCents) },
  { id: 'redeemed', header: t('columnRedeemed'), align: 'right', className: 'tabular-nums', cell: (r) => formatCents(r.period.redeemedCents) },
  { id: 'expired', header: t('columnExpired'), align: 'right', sortable: true, className: 'tabular-nums', cell: (r) => formatCents(r.period.expiredCents) },
  { id: 'breakage', header: t('columnBreakage'), align: 'right', className: 'tabular-nums', cell: (r) => formatBps(r.period.breakageRateBps) },
];

/** A tenant as a phone card: name, outstanding, and the period's earned and redeemed. */
function TenantCard({ t: row }: { t: Row }) {
  const t = useMessages(liabilityMessages);
  return (
    <div className="flex items-start justify-between gap-3 px-4 py-3 text-sm">
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">{row.tenantName}</p>
        <p className="text-xs text-slate-500">
          {t('cardPeriod', { earned: formatCents(row.period.earnedCents), redeemed: formatCents(row.period.redeemedCents) })}
        </p>
      </div>
      <p className="font-semibold text-slate-900 tabular-nums">{formatCents(row.outstandingCents)}</p>
    </div>
  );
}

/** The operator's per-tenant liability table, sortable by tenant, outstanding and expired (the server sorts). */
export function LiabilityTable(props: { rows: Row[]; sort: TableSort; onSortChange: (s: TableSort) => void; busy?: boolean; loading?: boolean }) {
  const { rows, sort, onSortChange, busy, loading } = props;
  const t = useMessages(liabilityMessages);
  return (
    <Table
      caption={t('tableCaption')}
      listLabel={t('tableCaption')}
      framed
      columns={columns(t)}
      rows={rows}
      rowKey={(t) => t.tenantId}
      renderCard={(t) => <TenantCard t={t} />}
      sort={sort}
      onSortChange={onSortChange}
      busy={busy}
      loading={loading}
      loadingLabel={t('tableLoading')}
      empty={<EmptyState icon={<Landmark aria-hidden="true" className="h-8 w-8" />} title={t('emptyTitle')} description={t('emptyDescription')} />}
    />
  );
}
