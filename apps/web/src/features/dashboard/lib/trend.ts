import type { Trend } from '@loyalty/contract';
import { translate } from '@/lib/i18n';
import { dashboardMessages } from '../messages';

/** How a tile shows its trend: the text and its colour. */
export interface TrendView {
  text: string;
  tone: 'up' | 'down' | 'flat' | 'new' | 'none';
}

/**
 * The trend line of a dashboard tile (real figures, this month against the last): '+12.5% from last
 * month' (up, green), '−3.2% from last month' (down, red), '0.0% from last month' (flat); with no
 * figure for last month (changePct null) 'New this month' when this month has some, else '—'.
 */
function trendView(trend: Trend | undefined): TrendView {
  if (!trend) return { text: '—', tone: 'none' };
  const pct = trend.changePct;
  if (pct === null || !Number.isFinite(pct))
    return trend.thisMonth > 0 ? { text: translate(dashboardMessages, 'trendNew'), tone: 'new' } : { text: '—', tone: 'none' };
  const abs = Math.abs(pct).toFixed(1);
  if (pct > 0) return { text: translate(dashboardMessages, 'trendUp', { pct: abs }), tone: 'up' };
  if (pct < 0) return { text: translate(dashboardMessages, 'trendDown', { pct: abs }), tone: 'down' };
  return { text: translate(dashboardMessages, 'trendFlat'), tone: 'flat' };
}

/**
 * A tile's trend for `StatCard` (components/ui/stat-card): {@link trendView}'s text and tone, and a tooltip with
 * both months' figures rendered by `format` (counts, or `formatCents` for money in cents).
 */
export function tileTrend(trend: Trend | undefined, format: (n: number) => string): TrendView & { title?: string } {
  return {
    ...trendView(trend),
    title: trend ? translate(dashboardMessages, 'trendTitle', { thisMonth: format(trend.thisMonth), lastMonth: format(trend.lastMonth) }) : undefined,
  };
}
