import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SubscriptionAnalytics } from '@loyalty/contract';
import { expectConsole } from '@/test/console';
import { userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { SubscriptionsPage } from './subscriptions-page';

const ANALYTICS = '/admin/analytics/subscriptions';

function analytics(overrides: Partial<SubscriptionAnalytics> = {}): SubscriptionAnalytics {
  return {
    timeframe: '30d',
    totalRevenue: 1_234_500,
    totalSubscriptions: 1_204,
    activeSubscriptions: 37,
    revenueByDay: [
      { date: '2026-11-01', revenue: 1000 },
      { date: '2026-11-02', revenue: 2001 },
      { date: '2026-11-03', revenue: 0 },
    ],
    topPlans: [
      { planId: 'p-pro', plan: { name: 'Professional' }, amount: 899_550, count: 45 },
      { planId: 'p-ent', plan: { name: 'Enterprise' }, amount: 299_900, count: 3 },
      { planId: 'p-start', plan: { name: 'Starter' }, amount: 35_050, count: 1 },
      { planId: 'p-old', plan: { name: 'Legacy' }, amount: 100, count: 1 },
    ],
    subscriptionEvents: [
      {
        id: 'e1',
        eventType: 'created',
        tenant: { name: 'Acme Coffee', slug: 'acme' },
        plan: { name: 'Professional', priceMonthly: 1999 },
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      { id: 'e2', eventType: 'plan_changed', tenant: { name: 'Bean There', slug: 'bean' }, plan: null, createdAt: '2026-11-19T10:00:00.000Z' },
    ],
    recentPayments: [
      { id: 'pay1', tenant: { name: 'Acme Coffee' }, plan: { name: 'Professional' }, amount: 1999, status: 'paid', createdAt: '2026-11-20T10:00:00.000Z' },
      { id: 'pay2', tenant: { name: 'Bean There' }, plan: null, amount: 4900, status: 'failed', createdAt: '2026-11-18T10:00:00.000Z' },
    ],
    ...overrides,
  };
}

/** The server: every timeframe answers `answer(timeframe)`. */
function serve(answer: (timeframe: string) => SubscriptionAnalytics = () => analytics()) {
  server.use(
    http.get(api(ANALYTICS), ({ request }) => {
      const timeframe = new URL(request.url).searchParams.get('timeframe') ?? '';
      return HttpResponse.json<SubscriptionAnalytics>(answer(timeframe));
    }),
  );
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<SubscriptionsPage />, { session: { user: userOf('platform_admin'), tenant: null } });
}

/** The value shown on the stat tile named `label`. */
const tile = (label: string) => screen.getByText(label).parentElement!;

describe('Subscription analytics: the figures', () => {
  it('asks for the last 30 days and shows the four tiles', async () => {
    const sent = serve();
    renderPage();
    expect(await screen.findByText('$12,345.00')).toBeInTheDocument();
    expect(sent.to('GET', ANALYTICS)[0].query.get('timeframe')).toBe('30d');
    expect(screen.getByRole('combobox', { name: 'Timeframe' })).toHaveTextContent('Last 30 days');
    expect(tile('Total Revenue')).toHaveTextContent('$12,345.00');
    expect(tile('New Subscriptions')).toHaveTextContent('1,204');
    expect(tile('Active Subscriptions')).toHaveTextContent('37');
    // (1000 + 2001 + 0) / 3 days = 1000.33 cents, rounded.
    expect(tile('Avg. Revenue/Day')).toHaveTextContent('$10.00');
    expect(screen.getByText('Revenue by Day')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Revenue chart, total $30.01' })).toBeInTheDocument();
  });

  it('ranks the top three plans and lists the recent activity on Overview', async () => {
    serve();
    renderPage();
    const top = await screen.findByTestId('top-plans');
    const rows = within(top).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('#1Professional45 subscriptions$8,995.50');
    expect(rows[1]).toHaveTextContent('#2Enterprise3 subscriptions$2,999.00');
    expect(rows[2]).toHaveTextContent('#3Starter1 subscription$350.50');
    expect(within(top).queryByText('Legacy')).not.toBeInTheDocument();

    const events = within(screen.getByTestId('subscription-events')).getAllByRole('listitem');
    expect(events[0]).toHaveTextContent('Subscribed to Professional');
    expect(events[0]).toHaveTextContent('Acme Coffee · $19.99/month');
    expect(events[1]).toHaveTextContent('Changed to a plan');
    expect(events[1]).toHaveTextContent('Bean There');
  });

  it('says when the period has no plan revenue, events or payments', async () => {
    serve(() => analytics({ totalRevenue: 0, revenueByDay: [], topPlans: [], subscriptionEvents: [], recentPayments: [] }));
    const { user } = renderPage();
    expect(await screen.findByText('No plan revenue in this period')).toBeInTheDocument();
    expect(screen.getByText('No subscription events in this period')).toBeInTheDocument();
    expect(tile('Avg. Revenue/Day')).toHaveTextContent('$0.00');
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    expect(screen.getByText('No payments in this period')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Events' }));
    expect(screen.getByText('0 events')).toBeInTheDocument();
  });
});

describe('Subscription analytics: the tabs', () => {
  it('lists the payments with plan, amount and status', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const table = screen.getByRole('table', { name: 'Recent Payments' });
    const rows = within(table).getAllByTestId('payment-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Acme Coffee')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Professional')).toBeInTheDocument();
    expect(within(rows[0]).getByText('$19.99')).toBeInTheDocument();
    expect(within(rows[0]).getByText('paid')).toBeInTheDocument();
    expect(within(rows[1]).getByText('—')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$49.00')).toBeInTheDocument();
    expect(within(rows[1]).getByText('failed')).toBeInTheDocument();
  });

  it('counts and lists every event of the period on Events', async () => {
    serve();
    const { user } = renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Events' }));
    expect(screen.getByText('Subscription Events')).toBeInTheDocument();
    expect(screen.getByText('2 events')).toBeInTheDocument();
    expect(within(screen.getByTestId('subscription-events')).getAllByRole('listitem')).toHaveLength(2);
  });
});

describe('Subscription analytics: timeframe, refresh and failures', () => {
  it('asks again for the chosen timeframe, and again on Refresh', async () => {
    const sent = serve((timeframe) =>
      analytics({ timeframe: timeframe as SubscriptionAnalytics['timeframe'], totalRevenue: timeframe === '7d' ? 700 : 1_234_500 }),
    );
    const { user } = renderPage();
    await screen.findByText('$12,345.00');
    await user.click(screen.getByRole('combobox', { name: 'Timeframe' }));
    await user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    expect(await screen.findByText('$7.00')).toBeInTheDocument();
    expect(sent.to('GET', ANALYTICS).map((r) => r.query.get('timeframe'))).toEqual(['30d', '7d']);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(sent.to('GET', ANALYTICS)).toHaveLength(3));
    expect(sent.to('GET', ANALYTICS)[2].query.get('timeframe')).toBe('7d');
  });

  it('says the analytics could not be loaded, logs why, and tries again', async () => {
    expectConsole('error', 'Access denied. Platform admin privileges required.');
    const sent = serve();
    server.use(http.get(api(ANALYTICS), () => HttpResponse.json({ error: 'Forbidden' }, { status: 403 }), { once: true }));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load analytics data')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$12,345.00')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load analytics data')).not.toBeInTheDocument();
    expect(sent.to('GET', ANALYTICS)).toHaveLength(2);
  });
});
