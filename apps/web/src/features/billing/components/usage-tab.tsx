import type { UsageStats } from '@loyalty/contract';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useUsage } from '../api/billing';
import { limitText } from '../lib/plans';
import { RichMessage, useMessages } from '@/lib/i18n';
import { billingMessages } from '../messages';

/** One usage bar; `id` names it for tests (usage-Cards), `label` is its text. */
function UsageRow({ id, label, used, limit }: { id: string; label: string; used: number; limit: number }) {
  const t = useMessages(billingMessages);
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : null;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-slate-600" data-testid={`usage-${id}`}>
          {used} / {limitText(limit)}
          {percent !== null && ` (${percent}%)`}
        </span>
      </div>
      <ProgressBar
        value={used}
        max={limit > 0 ? limit : 0}
        label={t('usageBarLabel', { label })}
        valueText={t('usageBarValue', { used, limit: limitText(limit) })}
        tone={percent !== null && percent >= 90 ? 'red' : 'indigo'}
      />
    </div>
  );
}

/** Usage tab: bars for cards, stores, staff (∞ for −1, % only when limit > 0, capped at 100 %), billing period, transactions. */
export function UsageTab({ slug }: { slug: string }) {
  const t = useMessages(billingMessages);
  const usage = useUsage(slug);
  if (usage.isPending) return <Spinner />;
  if (usage.isError) return <Alert tone="error">{t('usageLoadFailed')}</Alert>;
  const u: UsageStats = usage.data;
  return (
    <Card>
      <CardHeader className="flex-wrap">
        <CardTitle>{t('usageTitle')}</CardTitle>
        <p className="text-sm text-slate-500">{t('billingPeriod', { start: formatDate(u.currentPeriodStart), end: formatDate(u.currentPeriodEnd) })}</p>
      </CardHeader>
      <CardContent className="space-y-5">
        <UsageRow id="Cards" label={t('usageCards')} used={u.cardsUsed} limit={u.cardsLimit} />
        <UsageRow id="Stores" label={t('usageStores')} used={u.storesUsed} limit={u.storesLimit} />
        <UsageRow id="Staff" label={t('usageStaff')} used={u.staffUsed} limit={u.staffLimit} />
        <p className="text-sm text-slate-700">
          <RichMessage
            catalog={billingMessages}
            id="transactionsThisMonth"
            values={{ total: u.transactionsUsed }}
            components={{ n: <span className="font-semibold" /> }}
          />
        </p>
      </CardContent>
    </Card>
  );
}
