import type { UsageStats } from '@loyalty/contract';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useUsage } from '../api/billing';
import { limitText } from '../lib/plans';

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : null;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600" data-testid={`usage-${label}`}>
          {used} / {limitText(limit)}
          {percent !== null && ` (${percent}%)`}
        </span>
      </div>
      <ProgressBar
        value={used}
        max={limit > 0 ? limit : 0}
        label={`${label} usage`}
        valueText={`${used} of ${limitText(limit)}`}
        tone={percent !== null && percent >= 90 ? 'red' : 'indigo'}
      />
    </div>
  );
}

/** Usage tab: bars for cards, stores, staff (∞ for −1, % only when limit > 0, capped at 100 %), billing period, transactions. */
export function UsageTab({ slug }: { slug: string }) {
  const usage = useUsage(slug);
  if (usage.isPending) return <Spinner />;
  if (usage.isError) return <Alert tone="error">Failed to load usage</Alert>;
  const u: UsageStats = usage.data;
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle>Usage</CardTitle>
        <p className="text-sm text-slate-500">
          Billing period: {formatDate(u.currentPeriodStart)} – {formatDate(u.currentPeriodEnd)}
        </p>
      </CardHeader>
      <CardContent className="space-y-5">
        <UsageRow label="Cards" used={u.cardsUsed} limit={u.cardsLimit} />
        <UsageRow label="Stores" used={u.storesUsed} limit={u.storesLimit} />
        <UsageRow label="Staff" used={u.staffUsed} limit={u.staffLimit} />
        <p className="text-sm text-slate-700">
          Transactions this month: <span className="font-semibold">{u.transactionsUsed}</span>
        </p>
      </CardContent>
    </Card>
  );
}
