import { defineMessages } from '@/lib/i18n';

/**
 * The operator's plans page texts (ADR 0042): the page, a plan's card and the delete
 * confirmation. Values are docs/product.md's texts.
 */
export const plansMessages = defineMessages('platform.plans', {
  pageTitle: 'Plans',
  pageSubtitle: 'Subscription plans offered to tenants, their prices and limits.',
  addPlan: 'Add Plan',
  loading: 'Loading plans',
  loadFailedFallback: 'Please try again.',
  emptyTitle: 'No plans yet',
  emptyDescription: 'Tenants cannot subscribe until a plan exists.',

  active: 'Active',
  inactive: 'Inactive',
  perMonth: '{{amount}}/month',
  features: 'Features',
  noFeatures: 'No features listed',
  limits: 'Limits',
  unlimited: 'Unlimited',
  tenantsOnPlan_one: '1 tenant on this plan',
  tenantsOnPlan_other: '{{count}} tenants on this plan',
  editPlan: 'Edit {{name}}',
  edit: 'Edit',
  deletePlan: 'Delete {{name}}',
  delete: 'Delete',

  deleteTitle: 'Delete Plan',
  deleteConfirm: 'Delete',
  deletePlanName: 'Plan: <name>{{name}}</name>',
  deleteTenantsOnIt_one: ' · 1 tenant on it',
  deleteTenantsOnIt_other: ' · {{count}} tenants on it',
});
