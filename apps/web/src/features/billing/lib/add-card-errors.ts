import { translate } from '@/lib/i18n';
import { billingMessages } from '../messages';

/**
 * The add-card messages: the card provider's own message for a card problem (declined, incomplete
 * number…), 'Card element not found' when the card field is missing, and for other failures a
 * message chosen by what went wrong.
 */
export const ADD_CARD_MESSAGES = {
  get elementNotFound(): string {
    return translate(billingMessages, 'elementNotFound');
  },
  get authentication(): string {
    return translate(billingMessages, 'authentication');
  },
  get configuration(): string {
    return translate(billingMessages, 'configuration');
  },
  get connection(): string {
    return translate(billingMessages, 'connection');
  },
  get fallback(): string {
    return translate(billingMessages, 'addFailed');
  },
};

/** Stripe.js error types whose message is written for the card holder (shown as it is). */
const CARD_HOLDER_TYPES = new Set(['card_error', 'validation_error']);

/**
 * The message to show for a failed card entry, from Stripe's `result.error` (`{ type, message }`)
 * or a thrown Error:
 * - a card or validation error: the provider's message ('Your card was declined.');
 * - type or message mentioning authentication (a bad API key, `authentication_error`):
 *   'Stripe authentication failed. Please contact support.';
 * - configuration: 'Payment system configuration error. Please contact support.';
 * - connection (`api_connection_error`, network): 'Unable to connect to payment processor.
 *   Please check your internet connection.';
 * - another provider answer with a message: that message; anything else: 'Failed to add
 *   payment method. Please try again.'
 */
export function addCardErrorMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return ADD_CARD_MESSAGES.fallback;
  const { type, message } = error as { type?: unknown; message?: unknown };
  const t = typeof type === 'string' ? type : '';
  const m = typeof message === 'string' ? message : '';
  if (CARD_HOLDER_TYPES.has(t) && m) return m;
  const text = `${t} ${m}`.toLowerCase();
  if (text.includes('authentication')) return ADD_CARD_MESSAGES.authentication;
  if (text.includes('configuration')) return ADD_CARD_MESSAGES.configuration;
  if (text.includes('connection') || text.includes('failed to fetch') || text.includes('network')) return ADD_CARD_MESSAGES.connection;
  if (t && m) return m;
  return ADD_CARD_MESSAGES.fallback;
}
