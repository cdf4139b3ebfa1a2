import { defineMessages } from '@/lib/i18n';

/**
 * The operator's analytics page texts (ADR 0042): the page, its tiles, its chart cards and
 * charts. Values are docs/product.md's texts.
 */
export const analyticsMessages = defineMessages('platform.analytics', {
  pageTitle: 'Analytics',
  pageSubtitle: 'Revenue and tenant growth over the last 12 months (UTC).',
  loading: 'Loading analytics',
  loadFailed: 'Failed to load analytics data',
  loadFailedFallback: 'Please try again.',
  chartTotal: '{{name}} chart, total {{total}}',
  chartByStatus: 'Tenants by status: {{list}}',
  tooltipOf: '{{value}} of {{total}}',
  tooltipTenants: 'Tenants',

  revenueThisMonth: 'Revenue This Month',
  revenueYearHint: '{{amount}} in 12 months',
  newTenantsThisMonth: 'New Tenants This Month',
  monthlyGrowth: 'Monthly Growth',
  growthNothingToCompare: 'No new tenants last month to compare with',
  growthAgainstLastMonth: 'New tenants against last month',
  tenants: 'Tenants',

  revenueByMonth: 'Revenue by Month',
  revenueChartName: 'Revenue',
  newTenantsByMonth: 'New Tenants by Month',
  newTenantsInYear: '{{n}} in 12 months',
  newTenantsChartName: 'New tenants',
  tenantsByStatus: 'Tenants by Status',
  tenantsInAll: '{{n}} in all',
  recentActivity: 'Recent Activity',
  recentActivityText: 'New tenants, subscriptions, plan changes and payments as they happen are listed on the platform dashboard.',
  viewRecentActivity: 'View recent activity',
});
