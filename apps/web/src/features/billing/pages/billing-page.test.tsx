import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  BillingPlan,
  BillingPlanListResponse,
  PaymentMethodListResponse,
  SubscribeRequest,
  SubscribeResponse,
  TenantResponse,
  UsageResponse,
} from '@loyalty/contract';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { BillingPage } from './billing-page';

const SUBSCRIBE = '/t/acme/billing/subscribe';

function plan(overrides: Partial<BillingPlan> = {}): BillingPlan {
  return {
    id: 'plan-starter',
    name: 'Starter',
    description: 'For a single shop',
    priceMonthly: 1900,
    billingPeriod: 'monthly',
    stripePriceId: null,
    features: ['1 store', '500 cards'],
    limits: { stores: 1, staff: 3, cards: 500, transactions: -1 },
    ...overrides,
  };
}

const STARTER = plan();
const PRO = plan({
  id: 'plan-pro',
  name: 'Professional',
  description: 'For growing chains',
  priceMonthly: 4900,
  features: ['5 stores', 'Unlimited cards'],
  limits: { stores: 5, staff: 20, cards: -1, transactions: -1 },
});

const USAGE: UsageResponse = {
  usage: {
    cardsUsed: 3,
    cardsLimit: 100,
    storesUsed: 1,
    storesLimit: 1,
    staffUsed: 2,
    staffLimit: -1,
    transactionsUsed: 42,
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
  },
};

const CARDS: PaymentMethodListResponse = {
  paymentMethods: [
    { id: 'pm-visa', is_default: true, card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 } },
    { id: 'pm-mc', is_default: false, card: { brand: 'mastercard', last4: '5454', exp_month: 12, exp_year: 2029 } },
  ],
};

/** The billing server of 'acme' (on trial by default, the demo provider). */
function serve(tenant: TenantResponse = tenantWith()) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenant)),
    http.get(api('/t/acme/billing/plans'), () => HttpResponse.json<BillingPlanListResponse>({ plans: [STARTER, PRO] })),
    http.get(api('/t/acme/billing/usage'), () => HttpResponse.json(USAGE)),
    http.get(api('/t/acme/billing/payment-methods'), () => HttpResponse.json(CARDS)),
  );
  return recordRequests();
}

function renderPage(route = '/t/acme/billing') {
  return renderWithProviders(<BillingPage />, { route, path: '/t/:slug/billing', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

describe('Billing page: what the tenant is on', () => {
  it('shows the free trial, its card allowance, the usage and that demo payments take no money', async () => {
    serve();
    renderPage();
    const current = await screen.findByTestId('current-subscription');
    expect(current).toHaveTextContent('Free Trial');
    expect(current).toHaveTextContent('Trial');
    expect(screen.getByText(/3 of 100 free card activations used · trial ends/)).toBeInTheDocument();
    expect(await screen.findByText('3 / 100')).toBeInTheDocument(); // Cards Used
    expect(screen.getByText('2 / ∞')).toBeInTheDocument(); // Staff Members, unlimited
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getAllByText(/Demo payments: no money is taken/).length).toBeGreaterThan(0);
    expect(await screen.findByRole('button', { name: /upgrade to pro/i })).toBeInTheDocument();
  });

  it('shows the active plan with its price, marks it Current and offers no upgrade', async () => {
    serve(
      tenantWith({
        subscriptionStatus: 'ACTIVE',
        planId: PRO.id,
        subscriptionInfo: { isActive: true, planId: PRO.id, planName: 'Professional', cardLimit: -1, cardsUsed: 3, cardsRemaining: -1 },
      }),
    );
    const { user } = renderPage();
    const current = await screen.findByTestId('current-subscription');
    expect(current).toHaveTextContent('Professional');
    expect(current).toHaveTextContent('Active');
    expect(await screen.findByText('$49.00/month')).toBeInTheDocument();
    expect(screen.queryByText(/free card activations used/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /upgrade to pro/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Plans' }));
    const pro = await screen.findByTestId('plan-Professional');
    expect(within(pro).getByText('Current')).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Current Plan Professional' })).toBeDisabled();
  });

  it('says when the billing information cannot be loaded', async () => {
    server.use(http.get(api('/t/acme/tenant'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderPage();
    expect(await screen.findByText('Failed to load billing information')).toBeInTheDocument();
  });
});

describe('Billing page: subscribing with the demo provider', () => {
  async function choosePro() {
    const sent = serve();
    const view = renderPage('/t/acme/billing?tab=plans');
    const pro = await screen.findByTestId('plan-Professional');
    await view.user.click(within(pro).getByRole('button', { name: 'Select Plan Professional' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Subscription' });
    return { ...view, sent, dialog };
  }

  it('pre-selects the default card and subscribes to the chosen plan with the chosen card', async () => {
    server.use(
      http.post(api(SUBSCRIBE), () => HttpResponse.json<SubscribeResponse>({ subscriptionId: 'sub-1', redirectUrl: '/t/acme/billing?demo=true', demo: true })),
    );
    const { user, sent, dialog } = await choosePro();
    expect(dialog).toHaveTextContent('Professional');
    expect(dialog).toHaveTextContent('Your card will be charged $49.00 today and then monthly until you cancel.');
    expect(dialog).toHaveTextContent(/Demo payments: no money is taken/);
    expect(await within(dialog).findByRole('radio', { name: 'VISA ending 4242' })).toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: 'MASTERCARD ending 5454' }));
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe for $49.00/month' }));

    expect(await screen.findByText('Demo subscription activated! (Note: This is a demo mode - no payment was processed)')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('POST', SUBSCRIBE)).toHaveLength(1);
    expect(sent.to('POST', SUBSCRIBE)[0].body).toEqual({ planId: PRO.id, paymentMethodId: 'pm-mc' } satisfies SubscribeRequest);
  });

  it('says the subscription is active when the answer has no address to go to', async () => {
    server.use(http.post(api(SUBSCRIBE), () => HttpResponse.json<SubscribeResponse>({ subscriptionId: 'sub-1', demo: true })));
    const { user, dialog } = await choosePro();
    await within(dialog).findByRole('radio', { name: 'VISA ending 4242' });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe for $49.00/month' }));
    expect(await screen.findByText('Subscription activated successfully! Payment processed.')).toBeInTheDocument();
  });

  it('shows the provider’s reason when the payment is refused', async () => {
    server.use(
      http.post(api(SUBSCRIBE), () =>
        HttpResponse.json({ error: 'Payment failed', code: 'PAYMENT_FAILED', details: 'Your card was declined.' }, { status: 400 }),
      ),
    );
    const { user, dialog } = await choosePro();
    await within(dialog).findByRole('radio', { name: 'VISA ending 4242' });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe for $49.00/month' }));
    expect(await screen.findByText('Your card was declined.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/Subscription activated/)).not.toBeInTheDocument();
  });

  it('says to try again when the payment never got an answer', async () => {
    server.use(http.post(api(SUBSCRIBE), () => HttpResponse.error()));
    const { user, dialog } = await choosePro();
    await within(dialog).findByRole('radio', { name: 'VISA ending 4242' });
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe for $49.00/month' }));
    expect(await screen.findByText('Payment failed. Please try again.')).toBeInTheDocument();
  });

  it('cannot subscribe without a saved card, and sends nothing', async () => {
    const sent = serve();
    server.use(http.get(api('/t/acme/billing/payment-methods'), () => HttpResponse.json<PaymentMethodListResponse>({ paymentMethods: [] })));
    const { user } = renderPage('/t/acme/billing?tab=plans');
    await user.click(within(await screen.findByTestId('plan-Starter')).getByRole('button', { name: 'Select Plan Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Subscription' });
    expect(await within(dialog).findByText('No payment methods')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a payment method')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subscribe for $19.00/month' })).toBeDisabled();
    expect(sent.to('POST', SUBSCRIBE)).toHaveLength(0);
  });
});
