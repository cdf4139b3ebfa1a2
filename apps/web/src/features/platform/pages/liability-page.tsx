import { useState } from 'react';
import { Landmark, TrendingUp } from 'lucide-react';
import type { PlatformLiabilitySort } from '@loyalty/contract';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/ui/load-error';
import { StatCard } from '@/components/ui/stat-card';
import type { TableSort } from '@/components/ui/table';
import { formatCents } from '@/lib/format';
import { useMessages } from '@/lib/i18n';
import { usePlatformLiability, type PlatformLiabilityOrder } from '../api/liability';
import { LiabilityTable } from '../components/liability/liability-table';
import { liabilityMessages } from '../messages-liability';

/** Table column id → the server's sort key. */
const SORT_OF: Record<string, PlatformLiabilitySort> = { name: 'name', outstanding: 'outstanding', expired: 'expired' };

/**
 * /platform/liability (docs/product.md 'Reports', operator console): the platform's total outstanding
 * cashback and the last 30 UTC days' earned, and every tenant's outstanding and movements in a
 * table sortable by outstanding (default, largest first), name and expired. Loading placeholders,
 * an error with Try again.
 */
export function PlatformLiabilityPage() {
  const t = useMessages(liabilityMessages);
  const [order, setOrder] = useState<PlatformLiabilityOrder>({ sort: 'outstanding', order: 'desc' });
  const report = usePlatformLiability(order);
  const data = report.data;
  const sort: TableSort = { column: order.sort, direction: order.order };
  return (
    <div className="space-y-6">
      <PageHeader title={t('pageTitle')} subtitle={t('pageSubtitle')} />
      {report.isError ? (
        <LoadError title={t('loadFailed')} query={report} fallback={t('loadFailedFallback')} />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <StatCard label={t('totalOutstanding')} value={data && formatCents(data.totalOutstandingCents)} icon={Landmark} loading={!data} />
            <StatCard label={t('earned30Days')} value={data && formatCents(data.totalPeriod.earnedCents)} icon={TrendingUp} tone="emerald" loading={!data} />
          </div>
          <LiabilityTable
            rows={data?.tenants ?? []}
            loading={!data}
            sort={sort}
            busy={report.isPlaceholderData}
            onSortChange={(s) => setOrder({ sort: SORT_OF[s.column] ?? 'outstanding', order: s.direction })}
          />
        </>
      )}
    </div>
  );
}
