import type { ApiKeyScope, WebhookEventType } from '@loyalty/contract';

/** One choice of a checkbox group: the contract's code and what it means, in one line. */
export interface CodeOption<V extends string> {
  value: V;
  description: string;
}

/** What each API key scope allows (docs/product.md 'API keys and webhooks'), in the form's order. */
export const SCOPE_OPTIONS: readonly CodeOption<ApiKeyScope>[] = [
  { value: 'pos:write', description: 'earn, redeem, refund and void' },
  { value: 'customers:write', description: 'create customers' },
  { value: 'read', description: 'cards, customers, transactions and reports' },
];

/** What each webhook event reports (docs/product.md 'API keys and webhooks'), in the form's order. */
export const EVENT_OPTIONS: readonly CodeOption<WebhookEventType>[] = [
  { value: 'transaction.created', description: 'every ledger movement: earn, redeem, refund, void, adjustment, expiry' },
  { value: 'card.activated', description: 'a card was assigned to a customer' },
  { value: 'card.blocked', description: 'a card was blocked' },
  { value: 'customer.created', description: 'a new customer, from the till, the join page or the API' },
  { value: 'customer.erased', description: "a customer's personal data was erased at their request" },
  { value: 'cashback.expiring', description: 'cashback expires in 7 days' },
  { value: 'cashback.expired', description: 'cashback expired and left the card' },
];

/** Where the `/api/v1` reference (OpenAPI) is served. */
export const API_DOCS_URL = '/api/v1/docs';

/** Texts of the API keys tab (toasts, warnings, fallbacks). */
export const API_KEY_TEXTS = {
  keyWarning: "Copy this key now. You won't be able to see it again.",
  createFailed: 'Failed to create the API key. Please try again.',
  revoked: 'API key revoked',
  revokeFailed: 'Failed to revoke the API key. Please try again.',
  loadFailed: 'Failed to load API keys',
  revokeQuestion: (name: string) => `Revoke key '${name}'? Integrations using it stop working at once. This cannot be undone.`,
} as const;

/** Texts of the Webhooks tab (toasts, warnings, fallbacks). */
export const WEBHOOK_TEXTS = {
  secretWarning: "Copy this secret now. You won't be able to see it again.",
  createFailed: 'Failed to add the endpoint. Please try again.',
  updateFailed: 'Failed to save the endpoint. Please try again.',
  updated: 'Endpoint saved',
  deleted: 'Endpoint deleted',
  deleteFailed: 'Failed to delete the endpoint. Please try again.',
  testSent: 'Test event queued. It shows in the delivery log.',
  testFailed: 'Failed to send the test event. Please try again.',
  resent: 'Delivery queued again',
  resendFailed: 'Failed to resend the delivery. Please try again.',
  loadFailed: 'Failed to load webhook endpoints',
  deliveriesFailed: 'Failed to load deliveries',
  deleteQuestion: (url: string) => `Delete the endpoint ${url}? No more events are sent to it. This cannot be undone.`,
} as const;
