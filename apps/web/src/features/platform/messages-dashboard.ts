import { defineMessages } from '@/lib/i18n';

/**
 * The operator's dashboard texts (ADR 0042): the page and its six figures with their trends,
 * Recent Activity and Quick Actions. Values are docs/product.md's texts.
 */
export const dashboardMessages = defineMessages('platform.dashboard', {
  pageTitle: 'Platform Dashboard',
  welcomeBack: 'Welcome back, {{name}}! Here is how the platform is doing.',
  subtitle: 'Here is how the platform is doing.',
  statistics: 'Platform statistics',
  loadingStatistics: 'Loading platform statistics',
  loadFailed: 'Failed to load platform statistics',
  loadFailedFallback: 'Please try again.',
  staleFigures: 'The figures could not be refreshed; showing the last ones loaded.',

  totalTenants: 'Total Tenants',
  activeTenants: 'Active Tenants',
  totalCustomers: 'Total Customers',
  totalRevenue: 'Total Revenue',
  monthlyRevenue: 'Monthly Revenue',
  totalStores: 'Total Stores',
  vsPrevious30Days: 'vs previous 30 days',
  vsLastMonth: 'vs last month',
  trendNone: 'No earlier data',
  trendNoneTitle: 'Nothing in the previous period to compare with',
  trendUp: '+{{pct}}% {{period}}',
  trendDown: '−{{pct}}% {{period}}',
  trendFlat: '0.0% {{period}}',

  recentActivity: 'Recent Activity',
  recentActivityList: 'Recent activity',
  activityLoadFailed: 'Failed to load recent activity',
  activityEmptyTitle: 'No recent activity yet',
  activityEmptyDescription: 'New tenants, subscriptions and payments will appear here.',

  quickActions: 'Quick Actions',
  createTenant: 'Create Tenant',
  createTenantText: 'Add a business with its owner account',
  manageTenants: 'Manage Tenants',
  manageTenantsText: 'Search, edit and remove tenants',
  viewAnalytics: 'View Analytics',
  viewAnalyticsText: 'Revenue and tenant growth',
});
