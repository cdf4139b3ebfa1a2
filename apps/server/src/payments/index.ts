import type { Config } from '../config.ts';
import { DemoPaymentProvider } from './demo.ts';
import type { PaymentProvider, ProviderCustomerStore } from './port.ts';

/**
 * The provider in use (docs/product.md 'Payments'; production refuses an implicit Demo
 * provider, ADR 0010): `config.paymentProvider` chooses it (PAYMENT_PROVIDER=stripe|demo; unset: Stripe when STRIPE_SECRET_KEY is set, Demo
 * otherwise outside production; production without Stripe keys does not start unless
 * PAYMENT_PROVIDER=demo is explicit, config.ts). 'stripe' builds the Stripe adapter from
 * `config.stripe` (STRIPE_API_URL may point it at another host); 'demo' the offline Demo
 * adapter, which takes no money. Built once per app and shared by the billing, checkout,
 * card-order, add-funds and webhook routes. `customers` is where Stripe's customer ids are
 * remembered (app.ts passes the tenants module's store).
 * The Stripe adapter (and the Stripe SDK) is loaded only when chosen: it is a large part of an
 * idle server's memory.
 * @throws {Error} when 'stripe' is chosen without `config.stripe` (loadConfig never returns that).
 */
export async function paymentProvider(config: Pick<Config, 'stripe' | 'paymentProvider'>, customers?: ProviderCustomerStore): Promise<PaymentProvider> {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripe) throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY');
    const { StripePaymentProvider } = await import('./stripe.ts');
    return new StripePaymentProvider(config.stripe, undefined, customers);
  }
  return new DemoPaymentProvider();
}
