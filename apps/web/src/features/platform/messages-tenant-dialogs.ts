import { defineMessages } from '@/lib/i18n';

/**
 * The texts of the operator's tenant dialogs (ADR 0042); only the Edit Tenant dialog so far.
 * Values are docs/product.md's texts.
 */
export const tenantDialogsMessages = defineMessages('platform.tenantDialogs', {
  editTitle: 'Edit Tenant',
  editSave: 'Save Changes',
  editFailed: 'Failed to update tenant. Please try again.',
  editDone: 'Tenant updated successfully',
  businessName: 'Business name',
  subscriptionStatus: 'Subscription status',
});
