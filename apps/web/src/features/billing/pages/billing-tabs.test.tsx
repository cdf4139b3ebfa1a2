import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BillingPlan, BillingPlanListResponse, Invoice, InvoiceListResponse, TenantResponse, UsageResponse } from '@loyalty/contract';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { BillingPage } from './billing-page';

const INVOICES = '/t/acme/billing/invoices';

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
const PRO = plan({ id: 'plan-pro', name: 'Professional', description: 'For growing chains', priceMonthly: 4900, features: ['5 stores', 'Unlimited cards'] });
const ENTERPRISE = plan({ id: 'plan-ent', name: 'Enterprise', description: 'For franchises', priceMonthly: 14_900, features: ['Unlimited stores'] });

const USAGE: UsageResponse = {
  usage: {
    cardsUsed: 95,
    cardsLimit: 100,
    storesUsed: 2,
    storesLimit: 5,
    staffUsed: 4,
    staffLimit: -1,
    transactionsUsed: 1234,
    currentPeriodStart: '2026-11-01T12:00:00.000Z',
    currentPeriodEnd: '2026-12-01T12:00:00.000Z',
  },
};

const ACTIVE_PRO = tenantWith({
  subscriptionStatus: 'ACTIVE',
  planId: PRO.id,
  subscriptionInfo: { isActive: true, planId: PRO.id, planName: 'Professional', cardLimit: -1, cardsUsed: 3, cardsRemaining: -1 },
});

/** Unix seconds of a day at noon UTC (the provider's invoice times). */
const secs = (iso: string) => Date.parse(`${iso}T12:00:00.000Z`) / 1000;

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: 'in_1PaidNovember',
    created: secs('2026-11-01'),
    amount_paid: 4900,
    status: 'paid',
    period_start: secs('2026-11-01'),
    period_end: secs('2026-12-01'),
    hosted_invoice_url: 'https://pay.example.com/i/1',
    invoice_pdf: 'https://pay.example.com/i/1.pdf',
    ...overrides,
  };
}

/** The billing server of 'acme' (`tenant`, on trial by default) with the plans, usage and no saved cards. */
function serve(tenant: TenantResponse = tenantWith(), plans: BillingPlan[] = [STARTER, PRO, ENTERPRISE]) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenant)),
    http.get(api('/t/acme/billing/plans'), () => HttpResponse.json<BillingPlanListResponse>({ plans })),
    http.get(api('/t/acme/billing/usage'), () => HttpResponse.json(USAGE)),
    http.get(api('/t/acme/billing/payment-methods'), () => HttpResponse.json({ paymentMethods: [] })),
  );
  return recordRequests();
}

function renderPage(route = '/t/acme/billing') {
  return renderWithProviders(<BillingPage />, { route, path: '/t/:slug/billing', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

describe('Billing page: the Usage tab', () => {
  it('shows each limit with its share used, ∞ for unlimited, the billing period and the month’s transactions', async () => {
    serve();
    renderPage('/t/acme/billing?tab=usage');
    expect(await screen.findByTestId('usage-Cards')).toHaveTextContent('95 / 100 (95%)');
    expect(screen.getByTestId('usage-Stores')).toHaveTextContent('2 / 5 (40%)');
    expect(screen.getByTestId('usage-Staff')).toHaveTextContent('4 / ∞');
    expect(screen.getByTestId('usage-Staff')).not.toHaveTextContent('%');
    expect(screen.getByText('Billing period: Nov 1, 2026 – Dec 1, 2026')).toBeInTheDocument();
    expect(screen.getByText(/Transactions this month:/)).toHaveTextContent('Transactions this month: 1234');
    expect(screen.getByRole('progressbar', { name: 'Cards usage' })).toHaveAttribute('aria-valuetext', '95 of 100');
  });

  it('says when the usage cannot be loaded', async () => {
    serve();
    server.use(http.get(api('/t/acme/billing/usage'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderPage('/t/acme/billing?tab=usage');
    expect(await screen.findByText('Failed to load usage')).toBeInTheDocument();
  });
});

describe('Billing page: the Invoices tab', () => {
  it('lists the invoices of an active subscription with their amount, status, period and links', async () => {
    server.use(
      http.get(api(INVOICES), () =>
        HttpResponse.json<InvoiceListResponse>({
          invoices: [
            invoice(),
            invoice({ id: 'in_2OpenDecember', amount_paid: 0, status: 'open', hosted_invoice_url: null, invoice_pdf: null, created: secs('2026-12-01') }),
          ],
        }),
      ),
    );
    serve(ACTIVE_PRO);
    renderPage('/t/acme/billing?tab=invoices');
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('#November');
    expect(rows[0]).toHaveTextContent('$49.00');
    expect(rows[0]).toHaveTextContent('paid');
    expect(rows[0]).toHaveTextContent('Nov 1, 2026 – Dec 1, 2026');
    expect(within(rows[0]).getByRole('link', { name: 'View' })).toHaveAttribute('href', 'https://pay.example.com/i/1');
    expect(within(rows[0]).getByRole('link', { name: 'PDF' })).toHaveAttribute('href', 'https://pay.example.com/i/1.pdf');
    expect(rows[1]).toHaveTextContent('#December');
    expect(rows[1]).toHaveTextContent('open');
    expect(rows[1]).toHaveTextContent('—');
    expect(within(rows[1]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says there are no invoices yet', async () => {
    server.use(http.get(api(INVOICES), () => HttpResponse.json<InvoiceListResponse>({ invoices: [] })));
    serve(ACTIVE_PRO);
    renderPage('/t/acme/billing?tab=invoices');
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });

  it('asks for no invoices while on trial', async () => {
    const sent = serve();
    renderPage('/t/acme/billing?tab=invoices');
    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
    expect(sent.to('GET', INVOICES)).toHaveLength(0);
  });

  it('says when the invoices cannot be loaded', async () => {
    server.use(http.get(api(INVOICES), () => HttpResponse.json({ error: 'boom' }, { status: 502 })));
    serve(ACTIVE_PRO);
    renderPage('/t/acme/billing?tab=invoices');
    expect(await screen.findByText('Failed to load invoices')).toBeInTheDocument();
  });
});

describe('Billing page: the Plans tab', () => {
  it('shows every plan with its price and features, the Professional one as Most Popular', async () => {
    serve();
    renderPage('/t/acme/billing?tab=plans');
    const pro = await screen.findByTestId('plan-Professional');
    expect(within(pro).getByText('Most Popular')).toBeInTheDocument();
    expect(pro).toHaveTextContent('$49.00/month');
    expect(within(pro).getByText('Unlimited cards')).toBeInTheDocument();
    const enterprise = screen.getByTestId('plan-Enterprise');
    expect(enterprise).toHaveTextContent('$149.00/month');
    expect(within(enterprise).queryByText('Most Popular')).not.toBeInTheDocument();
    // On trial no plan is current: each one can be chosen.
    for (const name of ['Starter', 'Professional', 'Enterprise']) expect(screen.getByRole('button', { name: `Select Plan ${name}` })).toBeEnabled();
    expect(screen.queryByText('Current')).not.toBeInTheDocument();
  });

  it('says when there is no plan', async () => {
    serve(tenantWith(), []);
    renderPage('/t/acme/billing?tab=plans');
    expect(await screen.findByText('No plans available')).toBeInTheDocument();
  });

  it('says when the plans cannot be loaded', async () => {
    serve();
    server.use(http.get(api('/t/acme/billing/plans'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderPage('/t/acme/billing?tab=plans');
    expect(await screen.findByText('Failed to load plans')).toBeInTheDocument();
  });
});

describe('Billing page: tabs, banners and Manage Settings', () => {
  it('opens the tab the user picks', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByTestId('current-subscription');
    await user.click(screen.getByRole('tab', { name: 'Usage' }));
    expect(await screen.findByTestId('usage-Cards')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Usage' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('current-subscription')).not.toBeInTheDocument();
  });

  it.each([
    ['success=true', 'Subscription created successfully! Welcome to your new plan.'],
    ['canceled=true', 'Payment was canceled. You can try again anytime.'],
    ['updated=true', 'Subscription updated successfully!'],
    ['demo=true', 'Demo subscription activated! (Note: This is a demo mode - no payment was processed)'],
  ])('shows the banner of ?%s', async (query, text) => {
    serve();
    renderPage(`/t/acme/billing?${query}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('Manage Settings goes to the portal’s in-app address (the Payment Methods tab under Demo)', async () => {
    server.use(http.get(api('/t/acme/billing/portal'), () => HttpResponse.json({ url: '/t/acme/billing?tab=payment-methods' })));
    const sent = serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Manage Settings' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Payment Methods' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByText('No payment methods')).toBeInTheDocument();
    expect(sent.to('GET', '/t/acme/billing/portal')).toHaveLength(1);
  });

  it('shows the server’s reason when the billing settings cannot be opened, and stays on the page', async () => {
    server.use(http.get(api('/t/acme/billing/portal'), () => HttpResponse.json({ error: 'Billing provider unavailable' }, { status: 502 })));
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Manage Settings' }));
    expect(await screen.findByText('Billing provider unavailable')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says the connection failed when the portal never answered', async () => {
    server.use(http.get(api('/t/acme/billing/portal'), () => HttpResponse.error()));
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Manage Settings' }));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
  });

  it('Upgrade to Pro opens the subscription of the Professional plan', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Complete Your Subscription' });
    expect(dialog).toHaveTextContent('Professional');
    expect(within(dialog).getByRole('button', { name: 'Subscribe for $49.00/month' })).toBeInTheDocument();
  });
});
