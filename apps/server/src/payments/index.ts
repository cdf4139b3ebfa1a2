import type { Config } from '../config.ts';
import { DemoPaymentProvider } from './demo.ts';
import type { PaymentProvider } from './port.ts';
import { StripePaymentProvider } from './stripe.ts';

/**
 * The provider in use (decisions.md 'Payments'): Stripe when STRIPE_SECRET_KEY is set
 * (config.stripe; STRIPE_API_URL may point it at another host), else Demo. Built once per
 * app and shared by the billing, checkout, card-order, customers and webhook routes.
 */
export function paymentProvider(config: Pick<Config, 'stripe'>): PaymentProvider {
  if (config.stripe) return new StripePaymentProvider(config.stripe);
  return new DemoPaymentProvider();
}
