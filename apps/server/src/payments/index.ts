import type { Config } from '../config.ts';
import { DemoPaymentProvider } from './demo.ts';
import type { PaymentProvider } from './port.ts';

/**
 * The provider in use (decisions.md 'Payments'): Stripe when STRIPE_SECRET_KEY is set
 * (config.stripe), else Demo. Built once per app and shared by the billing, checkout,
 * card-order, customers and webhook routes.
 */
export function paymentProvider(config: Pick<Config, 'stripe'>): PaymentProvider {
  if (config.stripe) {
    // The Stripe adapter lands with the webhook endpoint (issue 6); until then Demo.
    return new DemoPaymentProvider();
  }
  return new DemoPaymentProvider();
}
