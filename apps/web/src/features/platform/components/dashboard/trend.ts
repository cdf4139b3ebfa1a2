import type { StatTrend } from '@/components/ui/stat-card';
import { translate } from '@/lib/i18n';
import { dashboardMessages } from '../../messages-dashboard';

/**
 * The trend line of a platform stat card (real trends). `pct` is the contract's percentage change
 * (one decimal) or null when the previous period had nothing to compare with: then no percentage is
 * shown, only a muted 'No earlier data'. '+12.5% vs last month' up (green), '−3.2% …' down (red),
 * '0.0% …' flat.
 */
export function platformTrendView(pct: number | null | undefined, period: string): StatTrend {
  if (pct === null || pct === undefined || !Number.isFinite(pct))
    return { text: translate(dashboardMessages, 'trendNone'), tone: 'none', title: translate(dashboardMessages, 'trendNoneTitle') };
  const abs = Math.abs(pct).toFixed(1);
  if (pct > 0) return { text: translate(dashboardMessages, 'trendUp', { pct: abs, period }), tone: 'up' };
  if (pct < 0) return { text: translate(dashboardMessages, 'trendDown', { pct: abs, period }), tone: 'down' };
  return { text: translate(dashboardMessages, 'trendFlat', { period }), tone: 'flat' };
}
