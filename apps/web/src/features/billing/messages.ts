import { defineMessages } from '@/lib/i18n';

/**
 * The texts of Billing & Subscription (ADR 0042), grouped by screen: the page and its banners,
 * the tabs, the subscribe modal and the card forms. Values are docs/product.md's texts.
 */
export const billingMessages = defineMessages('billing', {
  // Page
  pageTitle: 'Billing & Subscription',
  pageSubtitle: 'Manage your subscription and billing information',
  loadFailed: 'Failed to load billing information',
  bannerSuccess: 'Subscription created successfully! Welcome to your new plan.',
  bannerCanceled: 'Payment was canceled. You can try again anytime.',
  bannerUpdated: 'Subscription updated successfully!',
  bannerDemo: 'Demo subscription activated! (Note: This is a demo mode - no payment was processed)',
  sections: 'Billing sections',
  tabOverview: 'Overview',
  tabPlans: 'Plans',
  tabPaymentMethods: 'Payment Methods',
  tabUsage: 'Usage',
  tabInvoices: 'Invoices',

  // Actions
  paymentFailed: 'Payment failed. Please try again.',
  subscriptionActivated: 'Subscription activated successfully! Payment processed.',
  portalFailed: 'Failed to open billing settings. Please try again.',
  confirmRemove: 'Are you sure you want to remove this payment method?',
  methodRemoved: 'Payment method removed successfully!',
  removeFailed: 'Failed to remove payment method. Please try again.',
  defaultUpdated: 'Default payment method updated successfully!',
  defaultFailed: 'Failed to update default payment method. Please try again.',

  // Overview
  usageLoadFailed: 'Failed to load usage',
  quickActions: 'Quick Actions',
  upgradeToPro: 'Upgrade to Pro',
  manageSettings: 'Manage Settings',
  currentSubscription: 'Current Subscription',
  freeTrial: 'Free Trial',
  perMonth: '{{price}}/month',
  trialUsage: '{{used}} of {{limit}} free card activations used{{ends}}. Upgrade to unlock more cards, stores and staff.',
  trialEnds: ' · trial ends {{date}}',
  tileCards: 'Cards Used',
  tileStores: 'Active Stores',
  tileStaff: 'Staff Members',
  tileTransactions: 'This Month (transactions)',

  // Usage
  usageTitle: 'Usage',
  billingPeriod: 'Billing period: {{start}} – {{end}}',
  usageCards: 'Cards',
  usageStores: 'Stores',
  usageStaff: 'Staff',
  usageBarLabel: '{{label}} usage',
  usageBarValue: '{{used}} of {{limit}}',
  transactionsThisMonth: 'Transactions this month: <n>{{total}}</n>',

  // Invoices
  invoicesTitle: 'Invoices',
  noInvoices: 'No invoices yet',
  invoicesLoadFailed: 'Failed to load invoices',
  columnInvoice: 'Invoice',
  columnAmount: 'Amount',
  columnStatus: 'Status',
  columnPeriod: 'Period',
  columnActions: 'Actions',
  invoiceView: 'View',
  invoicePdf: 'PDF',

  // Plans
  plansLoadFailed: 'Failed to load plans',
  noPlans: 'No plans available',
  mostPopular: 'Most Popular',
  current: 'Current',
  month: '/month',
  currentPlanLabel: 'Current Plan {{name}}',
  selectPlanLabel: 'Select Plan {{name}}',
  currentPlan: 'Current Plan',
  processing: 'Processing...',
  selectPlan: 'Select Plan',

  // Payment methods
  paymentMethodsTitle: 'Payment Methods',
  addCard: 'Add Card',
  methodsLoadFailed: 'Failed to load payment methods',
  noMethods: 'No payment methods',
  addFirstCard: 'Add Your First Card',
  setDefault: 'Set Default',
  removeLabel: 'Remove {{brand}} ending {{last4}}',
  methodLabel: '{{brand}} ending {{last4}}',
  defaultBadge: 'Default',
  expires: 'Expires {{month}}/{{year}}',
  paymentMethod: 'Payment method',
  addNewCard: 'Add New Card',

  // Subscribe
  subscribeTitle: 'Complete Your Subscription',
  selectMethod: 'Please select a payment method',
  subscribeFor: 'Subscribe for {{price}}/month',
  chargeNote: 'Your card will be charged {{price}} today and then monthly until you cancel.',

  // Card forms
  tryAgain: 'Try again',
  preparingLabel: 'Preparing card form',
  preparing: 'Preparing secure card form…',
  last4Invalid: 'Last 4 digits must be 4 digits',
  methodAdded: 'Payment method added successfully!',
  addFailed: 'Failed to add payment method. Please try again.',
  demoDescription: 'Demo mode: enter any card details; no payment is processed.',
  cardBrand: 'Card brand',
  last4: 'Last 4 digits',
  expiryMonth: 'Expiry month',
  expiryYear: 'Expiry year',
  cardDetails: 'Card details',
  loadingLabel: 'Loading card form',
  loading: 'Loading secure card form…',
  stripeNote: 'Card details go straight to Stripe; they never reach our servers.',
  stripeDescription: 'Your card is saved with Stripe for this subscription.',
  elementNotFound: 'Card element not found',
  authentication: 'Stripe authentication failed. Please contact support.',
  configuration: 'Payment system configuration error. Please contact support.',
  connection: 'Unable to connect to payment processor. Please check your internet connection.',
});
