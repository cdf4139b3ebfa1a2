import { defineMessages } from '@/lib/i18n';

/** The texts of the Demo provider's hosted checkout page (ADR 0042). */
export const checkoutMessages = defineMessages('checkout', {
  // Frame
  demoBadge: 'Demo checkout',
  demoFooter: 'Demo payment provider · no card details are collected',
  // Page states
  loading: 'Loading checkout',
  loadingText: 'Loading checkout…',
  notFoundTitle: 'Checkout not found',
  loadFailedTitle: 'Failed to load checkout',
  backToDashboard: 'Back to dashboard',
  tryAgain: 'Try again',
  notFoundText: 'This payment link is not valid or belongs to another account.',
  loadFailedFallback: 'Please try again.',
  paidTitle: 'This checkout is already paid',
  continue: 'Continue',
  canceledTitle: 'This checkout was canceled',
  return: 'Return',
  canceledText: 'No payment was made. {{summary}}',
  // Panel
  kindFallback: 'Payment',
  started: 'Started {{date}}',
  payFailed: 'Payment failed. Please try again.',
  processing: 'Processing...',
  pay: 'Pay {{amount}}',
  canceling: 'Canceling...',
  cancel: 'Cancel',
});
