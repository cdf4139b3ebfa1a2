import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardResponse, TenantResponse, TrialStatusResponse, Trend } from '@loyalty/contract';
import { expectConsole } from '@/test/console';
import { ACME, tenantWith, transactionWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, server } from '@/test/server';
import { DashboardPage } from './dashboard-page';

const trend = (thisMonth: number, lastMonth: number, changePct: number | null): Trend => ({ thisMonth, lastMonth, changePct });

const DASHBOARD: DashboardResponse = {
  stats: {
    totalCustomers: 1234,
    totalCards: 80,
    activeCards: 64,
    totalTransactions: 512,
    totalCashbackIssued: 123_456,
    totalCashbackRedeemed: 7_890,
    activeOffers: 2,
  },
  trends: {
    totalCustomers: trend(45, 40, 12.5),
    totalCards: trend(10, 0, null),
    totalTransactions: trend(97, 100, -3),
    totalCashbackIssued: trend(5_000, 5_000, 0),
    totalCashbackRedeemed: trend(0, 0, null),
    activeOffers: trend(2, 2, 0),
  },
  recentTransactions: [transactionWith()],
};

const TRIAL: TrialStatusResponse = { activationsUsed: 3, trialLimit: 100, activationsRemaining: 97, subscriptionRequired: false };

/** The server: the dashboard figures, the tenant and its trial status. */
function serve({
  tenant = tenantWith(),
  trial = TRIAL,
  dashboard = DASHBOARD,
}: { tenant?: TenantResponse; trial?: TrialStatusResponse; dashboard?: DashboardResponse } = {}) {
  server.use(
    http.get(api('/t/acme/reports/dashboard'), () => HttpResponse.json(dashboard)),
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenant)),
    http.get(api('/t/acme/trial/status'), () => HttpResponse.json(trial)),
  );
}

function renderPage(role: 'tenant_admin' | 'cashier' = 'tenant_admin') {
  return renderWithProviders(<DashboardPage />, {
    route: '/t/acme/dashboard',
    path: '/t/:slug/dashboard',
    session: { user: userOf(role), tenant: ACME },
  });
}

const tile = (label: string) => screen.getByRole('group', { name: label });

describe('Dashboard: the figures', () => {
  it('shows the six tiles, money in dollars, with their trend against last month', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('group', { name: 'Total Customers' })).toHaveTextContent('1,234');
    expect(tile('Total Customers')).toHaveTextContent('+12.5% from last month');
    expect(tile('Active Cards')).toHaveTextContent('80');
    expect(tile('Active Cards')).toHaveTextContent('64 active');
    expect(tile('Active Cards')).toHaveTextContent('New this month');
    expect(tile('Total Transactions')).toHaveTextContent('−3.0% from last month');
    expect(tile('Cashback Issued')).toHaveTextContent('$1,234.56');
    expect(tile('Cashback Issued')).toHaveTextContent('0.0% from last month');
    expect(tile('Cashback Redeemed')).toHaveTextContent('$78.90');
    expect(tile('Active Offers')).toHaveTextContent('2');
    expect(screen.getByText('Welcome back, Sam!')).toBeInTheDocument();
  });

  it('lists the recent transactions and links to all of them', async () => {
    serve();
    renderPage();
    expect((await screen.findAllByText('Ada Lovelace')).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /view all/i })).toHaveAttribute('href', '/t/acme/transactions');
  });

  it('names a recent bonus by its reason', async () => {
    const bonus = transactionWith({ type: 'BONUS', category: null, reason: 'BIRTHDAY', amountCents: 1000, cashbackCents: 0 });
    serve({ dashboard: { ...DASHBOARD, recentTransactions: [bonus] } });
    renderPage();
    const row = within(await screen.findByRole('table', { name: 'Recent Transactions' }))
      .getByText('Ada Lovelace')
      .closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Birthday reward');
    expect(row).toHaveTextContent('+$10.00');
  });

  it('says when there are no transactions yet', async () => {
    serve({ dashboard: { ...DASHBOARD, recentTransactions: [] } });
    renderPage();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
  });

  it('offers Try again when the figures cannot be loaded, and shows them once they can', async () => {
    expectConsole('error', 'Failed to load dashboard data:');
    let fail = true;
    server.use(
      http.get(api('/t/acme/reports/dashboard'), () => (fail ? HttpResponse.json({ error: 'boom' }, { status: 500 }) : HttpResponse.json(DASHBOARD))),
      http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
      http.get(api('/t/acme/trial/status'), () => HttpResponse.json(TRIAL)),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load dashboard data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('group', { name: 'Total Customers' })).toHaveTextContent('1,234');
  });
});

describe('Dashboard: the subscription banners', () => {
  it('shows the trial with its activations used and remaining', async () => {
    serve();
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Free Trial Status' });
    expect(banner).toHaveTextContent('3 of 100 activations used');
    expect(banner).toHaveTextContent(/97 free activations remaining · trial ends/);
    expect(within(banner).queryByRole('link', { name: 'Upgrade Now' })).not.toBeInTheDocument();
    expect(await screen.findByText('Free Trial Active')).toBeInTheDocument();
    expect(screen.getByText('Your trial includes 100 card activations. Upgrade to unlock unlimited cards.')).toBeInTheDocument();
  });

  it('warns near the end of the trial and links the admin to billing and card orders', async () => {
    serve({ trial: { activationsUsed: 96, trialLimit: 100, activationsRemaining: 4, subscriptionRequired: false } });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Free Trial Status' });
    expect(banner).toHaveTextContent('4 free activations remaining');
    expect(within(banner).getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/t/acme/billing');
    expect(within(banner).getByRole('link', { name: 'Order More Cards' })).toHaveAttribute('href', '/t/acme/card-orders');
  });

  it('tells a cashier to ask the admin once the trial is used up', async () => {
    serve({ trial: { activationsUsed: 100, trialLimit: 100, activationsRemaining: 0, subscriptionRequired: true } });
    renderPage('cashier');
    const banner = await screen.findByRole('region', { name: 'Free Trial Expired' });
    expect(banner).toHaveTextContent("You've used all 100 free card activations.");
    expect(banner).toHaveTextContent('Ask your store admin to upgrade the plan.');
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the active plan and its cards remaining', async () => {
    serve({
      tenant: tenantWith({
        subscriptionStatus: 'ACTIVE',
        planId: 'plan-pro',
        subscriptionInfo: { isActive: true, planId: 'plan-pro', planName: 'Professional', cardLimit: 500, cardsUsed: 120, cardsRemaining: 380 },
      }),
    });
    renderPage();
    const banner = await screen.findByRole('region', { name: 'Professional Plan - Active' });
    expect(banner).toHaveTextContent('120 of 500 cards used');
    expect(banner).toHaveTextContent('380 cards remaining');
    expect(await screen.findByText('You are on the Professional plan.')).toBeInTheDocument();
  });

  it('counts the grace days left when a payment is past due', async () => {
    const inThreeDays = new Date(Date.now() + 2.5 * 86_400_000).toISOString();
    serve({ tenant: tenantWith({ subscriptionStatus: 'PAST_DUE', graceEndsAt: inThreeDays }) });
    renderPage();
    expect(await screen.findByText('Payment Past Due')).toBeInTheDocument();
    expect(screen.getByText('Your last payment failed. You have 3 days left to update your payment method before access is limited.')).toBeInTheDocument();
  });
});
