import { defineMessages } from '@/lib/i18n';

/**
 * The operator's liability report texts (ADR 0042): the page, its totals and the per-tenant
 * table. Values are docs/product.md's texts.
 */
export const liabilityMessages = defineMessages('platform.liability', {
  pageTitle: 'Liability',
  pageSubtitle: 'Cashback owed to card holders across all tenants. Period: the last 30 days (UTC).',
  loadFailed: 'Failed to load the liability report',
  loadFailedFallback: 'Please try again.',
  totalOutstanding: 'Total outstanding',
  earned30Days: 'Earned in 30 days',

  columnTenant: 'Tenant',
  columnOutstanding: 'Outstanding',
  columnEarned: 'Earned (30 days)',
  columnRedeemed: 'Redeemed (30 days)',
  columnExpired: 'Expired (30 days)',
  columnBreakage: 'Breakage',
  cardPeriod: 'Earned {{earned}} · Redeemed {{redeemed}}',
  tableCaption: 'Liability by tenant',
  tableLoading: 'Loading liability by tenant',
  emptyTitle: 'No tenants yet',
  emptyDescription: 'Tenants appear here once they are created.',
});
