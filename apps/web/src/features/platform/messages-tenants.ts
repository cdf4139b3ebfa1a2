import { defineMessages } from '@/lib/i18n';

/**
 * The operator's tenants list texts (ADR 0042): the page, its summary cards, the table and the
 * phone cards. The tenant dialogs have their own catalog (messages-tenant-dialogs.ts). Values are
 * docs/product.md's texts.
 */
export const tenantsMessages = defineMessages('platform.tenants', {
  pageTitle: 'Tenants',
  businessesCount_one: '{{n}} business on the platform',
  businessesCount_other: '{{n}} businesses on the platform',
  pageSubtitle: 'Manage the businesses on the platform',
  createTenant: 'Create Tenant',
  searchLabel: 'Search tenants',
  searchPlaceholder: 'Search by name, slug or owner email',
  statusFilter: 'Status',
  allStatuses: 'All statuses',
  loadFailed: 'Failed to load tenants',
  loadFailedFallback: 'Something went wrong while loading the tenants.',
  paginationNoun: 'tenants',
  noMatchTitle: 'No tenants found matching your criteria',
  noMatchDescription: 'Try another name, slug or owner e-mail, or another status.',
  clearFilters: 'Clear filters',
  emptyTitle: 'No tenants yet',
  emptyDescription: 'Create the first business and its owner account. Businesses that sign up themselves appear here too.',

  summaryLabel: 'Tenant summary',
  summaryTotal: 'Total Tenants',
  summaryActive: 'Active',
  summaryTrial: 'Trial',
  summaryPastDue: 'Past Due',
  summaryInactive: 'Inactive',
  summaryInactiveHint: '{{canceled}} canceled · {{none}} none',

  viewTenant: 'View {{name}}',
  viewDetails: 'View details',
  editTenant: 'Edit {{name}}',
  editTenantTitle: 'Edit tenant',
  deleteTenant: 'Delete {{name}}',
  deleteTenantTitle: 'Delete tenant',
  noOwner: 'No owner',
  freeTrial: 'Free trial',
  columnTenant: 'Tenant',
  columnOwner: 'Owner',
  columnStatus: 'Status / Plan',
  columnCards: 'Cards',
  columnStores: 'Stores',
  columnStaff: 'Staff',
  columnCustomers: 'Customers',
  columnCreated: 'Created',
  columnActions: 'Actions',
  factPlan: 'Plan',
  cardLabel: 'Tenant {{name}}',
  tableCaption: 'Tenants',
});
