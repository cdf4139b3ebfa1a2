import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse, TenantResponse, TrialStatusResponse } from '@loyalty/contract';
import { expectConsole } from '@/test/console';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { DashboardPage } from './dashboard-page';

const flat = { thisMonth: 0, lastMonth: 0, changePct: null };
const DASHBOARD: DashboardResponse = {
  stats: { totalCustomers: 0, totalCards: 0, activeCards: 0, totalTransactions: 0, totalCashbackIssued: 0, totalCashbackRedeemed: 0, activeOffers: 0 },
  trends: { totalCustomers: flat, totalCards: flat, totalTransactions: flat, totalCashbackIssued: flat, totalCashbackRedeemed: flat, activeOffers: flat },
  recentTransactions: [],
};
const TRIAL: TrialStatusResponse = { activationsUsed: 3, trialLimit: 100, activationsRemaining: 97, subscriptionRequired: false };

/** A tenant on a named plan with `cardLimit` cards (−1 unlimited), `cardsUsed` of them used. */
function onPlan(cardLimit: number, cardsUsed: number, status: TenantResponse['subscriptionStatus'] = 'ACTIVE'): TenantResponse {
  const cardsRemaining = cardLimit < 0 ? -1 : cardLimit - cardsUsed;
  return tenantWith({
    subscriptionStatus: status,
    planId: 'plan-pro',
    subscriptionInfo: { isActive: true, planId: 'plan-pro', planName: 'Professional', cardLimit, cardsUsed, cardsRemaining },
  });
}

function serve(tenant: TenantResponse = tenantWith(), trial: TrialStatusResponse = TRIAL) {
  server.use(
    http.get(api('/t/acme/reports/dashboard'), () => HttpResponse.json(DASHBOARD)),
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenant)),
    http.get(api('/t/acme/trial/status'), () => HttpResponse.json(trial)),
  );
  return recordRequests();
}

function renderPage(role: 'tenant_admin' | 'cashier' = 'tenant_admin') {
  return renderWithProviders(<DashboardPage />, { route: '/t/acme/dashboard', path: '/t/:slug/dashboard', session: { user: userOf(role), tenant: ACME } });
}

const statusStrip = () => screen.findByRole('region', { name: 'Subscription status' });

describe('Dashboard: the subscription status strip', () => {
  it.each([
    [
      'NONE',
      tenantWith({ subscriptionStatus: 'NONE' }),
      'Start Your Free Trial',
      'Try every feature free for 14 days. No credit card required.',
      'Start Free Trial',
      '/t/acme/billing?tab=plans',
    ],
    ['ACTIVE', onPlan(500, 10), 'Subscription Active', 'You are on the Professional plan.', 'Manage Billing', '/t/acme/billing'],
    [
      'PAST_DUE',
      tenantWith({ subscriptionStatus: 'PAST_DUE', graceEndsAt: null }),
      'Payment Past Due',
      'Update your payment method to restore full access.',
      'Update Payment Method',
      '/t/acme/billing?tab=payment-methods',
    ],
    [
      'CANCELED',
      tenantWith({ subscriptionStatus: 'CANCELED' }),
      'Subscription Canceled',
      'Your subscription has ended. Reactivate it to use the POS, cards and transactions again.',
      'Reactivate',
      '/t/acme/billing?tab=plans',
    ],
  ])('%s: says so and links the admin to the right Billing tab', async (_status, tenant, title, text, action, href) => {
    serve(tenant);
    renderPage();
    const strip = await statusStrip();
    expect(within(strip).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(strip).toHaveTextContent(text);
    expect(within(strip).getByRole('link', { name: action })).toHaveAttribute('href', href);
  });

  it('counts one grace day in the singular', async () => {
    serve(tenantWith({ subscriptionStatus: 'PAST_DUE', graceEndsAt: new Date(Date.now() + 3_600_000).toISOString() }));
    renderPage();
    expect(await statusStrip()).toHaveTextContent('You have 1 day left to update your payment method before access is limited.');
  });

  it('asks a cashier to turn to the admin when the subscription needs action, with no link', async () => {
    serve(tenantWith({ subscriptionStatus: 'CANCELED' }));
    renderPage('cashier');
    const strip = await statusStrip();
    expect(strip).toHaveTextContent('Ask your store admin to update the subscription.');
    expect(within(strip).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a cashier an active subscription with neither a link nor a request', async () => {
    serve(onPlan(500, 10));
    renderPage('cashier');
    const strip = await statusStrip();
    expect(strip).toHaveTextContent('Subscription Active');
    expect(within(strip).queryByRole('link')).not.toBeInTheDocument();
    expect(strip).not.toHaveTextContent('Ask your store admin');
  });
});

describe('Dashboard: the plan and trial banner', () => {
  it('does not ask for the trial status while a named plan is active', async () => {
    const sent = serve(onPlan(500, 120));
    renderPage();
    await screen.findByRole('region', { name: 'Professional Plan - Active' });
    expect(sent.to('GET', '/t/acme/trial/status')).toHaveLength(0);
  });

  it('warns at 50 cards or fewer remaining, without the upgrade buttons yet', async () => {
    serve(onPlan(500, 460));
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Professional Plan - Active' });
    expect(banner).toHaveAttribute('data-tone', 'yellow');
    expect(banner).toHaveTextContent('40 cards remaining');
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says no cards remain and links the admin to an upgrade and card orders', async () => {
    serve(onPlan(500, 500));
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Professional Plan - Active' });
    expect(banner).toHaveTextContent('500 of 500 cards used');
    expect(banner).toHaveTextContent('No cards remaining.');
    expect(within(banner).getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/t/acme/billing');
    expect(within(banner).getByRole('link', { name: 'Order More Cards' })).toHaveAttribute('href', '/t/acme/card-orders');
    expect(within(banner).getByRole('progressbar', { name: 'Plan cards used' })).toHaveAttribute('aria-valuetext', '500 of 500 cards used');
  });

  it('shows an unlimited plan without a bar', async () => {
    serve(onPlan(-1, 1));
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Professional Plan - Active' });
    expect(banner).toHaveTextContent('1 card · unlimited cards on your plan');
    expect(within(banner).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('says the trial period ended when activations are left but a subscription is required', async () => {
    serve(tenantWith({ subscriptionRequired: true, canTransact: false }), {
      activationsUsed: 40,
      trialLimit: 100,
      activationsRemaining: 60,
      subscriptionRequired: true,
    });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Free Trial Expired' });
    expect(banner).toHaveTextContent('Your free trial period has ended.');
    expect(banner).toHaveTextContent('Upgrade to a monthly plan to keep activating cards.');
    expect(within(banner).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/t/acme/billing');
  });

  it('shows no banner (and only logs) when the trial status cannot be loaded', async () => {
    expectConsole('error', 'Failed to load trial status:');
    serve();
    server.use(http.get(api('/t/acme/trial/status'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderPage();
    await statusStrip();
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to load trial status:', expect.anything()));
    expect(screen.queryByRole('region', { name: /Free Trial (Status|Expired)/ })).not.toBeInTheDocument();
  });
});
