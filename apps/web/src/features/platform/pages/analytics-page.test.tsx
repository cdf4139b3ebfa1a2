import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformAnalytics } from '@loyalty/contract';
import { userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { AnalyticsPage } from './analytics-page';

const ANALYTICS = '/platform/analytics';

/** The last 12 UTC months, oldest first, as the API names them. */
const MONTHS = ['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

function analytics(overrides: Partial<PlatformAnalytics> = {}): PlatformAnalytics {
  return {
    revenueByMonth: MONTHS.map((month, i) => ({ month, revenue: i === 11 ? 250_075 : 10_000 })),
    tenantsByMonth: MONTHS.map((month, i) => ({ month, count: i === 11 ? 6 : i === 10 ? 4 : 1 })),
    tenantsByStatus: [
      { status: 'ACTIVE', count: 30 },
      { status: 'TRIALING', count: 8 },
      { status: 'PAST_DUE', count: 2 },
      { status: 'CANCELED', count: 5 },
    ],
    monthlyGrowth: 50,
    ...overrides,
  };
}

function serve(answer: PlatformAnalytics = analytics()) {
  server.use(http.get(api(ANALYTICS), () => HttpResponse.json<PlatformAnalytics>(answer)));
  return recordRequests();
}

/** The page at /platform/analytics, with the dashboard its activity link leads to. */
function renderPage() {
  return renderRoutes(
    [
      { path: '/platform/analytics', element: <AnalyticsPage /> },
      { path: '/platform/dashboard', element: <h1>Platform dashboard</h1> },
    ],
    '/platform/analytics',
    { session: { user: userOf('platform_admin'), tenant: null } },
  );
}

/** The stat tile named `label` (its label, value and hint). */
const tile = (label: string) => screen.getByText(label).parentElement!;

describe('Platform analytics: the tiles', () => {
  it('shows this month’s revenue with the year’s, new tenants, growth and tenants per status', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('Revenue This Month')).toBeInTheDocument();
    expect(screen.getByText('Revenue and tenant growth over the last 12 months (UTC).')).toBeInTheDocument();
    // 11 months of $100.00 and this month's $2,500.75.
    expect(tile('Revenue This Month')).toHaveTextContent('$2,500.75');
    expect(tile('Revenue This Month').parentElement).toHaveTextContent('$3,600.75 in 12 months');
    expect(tile('New Tenants This Month')).toHaveTextContent('6');
    expect(tile('Monthly Growth')).toHaveTextContent('+50.0%');
    expect(tile('Monthly Growth').parentElement).toHaveTextContent('New tenants against last month');
    expect(tile('Tenants')).toHaveTextContent('45');
    expect(tile('Tenants').parentElement).toHaveTextContent('30 Active8 Trial2 Past Due');
  });

  it('shows a fall with a minus sign', async () => {
    serve(analytics({ monthlyGrowth: -12.345 }));
    renderPage();
    expect(await screen.findByText('−12.3%')).toBeInTheDocument();
  });

  it('shows a dash when last month had no new tenant to compare with', async () => {
    serve(analytics({ monthlyGrowth: null }));
    renderPage();
    await screen.findByText('Monthly Growth');
    expect(tile('Monthly Growth')).toHaveTextContent('—');
    expect(screen.getByText('No new tenants last month to compare with')).toBeInTheDocument();
  });
});

describe('Platform analytics: the charts', () => {
  it('names each chart with its total, and every status even without tenants', async () => {
    serve();
    renderPage();
    expect(await screen.findByRole('figure', { name: 'Revenue chart, total $3,600.75' })).toBeInTheDocument();
    expect(screen.getByText('Revenue by Month')).toBeInTheDocument();
    expect(screen.getByText('New Tenants by Month')).toBeInTheDocument();
    expect(screen.getByText('20 in 12 months')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'New tenants chart, total 20' })).toBeInTheDocument();
    expect(screen.getByText('Tenants by Status')).toBeInTheDocument();
    expect(screen.getByText('45 in all')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Tenants by status: Active 30, Trial 8, Past Due 2, Canceled 5, No subscription 0' })).toBeInTheDocument();
  });

  it('still draws the charts of a platform without data', async () => {
    serve({ revenueByMonth: MONTHS.map((month) => ({ month, revenue: 0 })), tenantsByMonth: [], tenantsByStatus: [], monthlyGrowth: null });
    renderPage();
    expect(await screen.findByRole('figure', { name: 'Revenue chart, total $0.00' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'New tenants chart, total 0' })).toBeInTheDocument();
    expect(screen.getByText('0 in all')).toBeInTheDocument();
    expect(tile('Revenue This Month')).toHaveTextContent('$0.00');
    expect(tile('Tenants').parentElement).toHaveTextContent('0 Active0 Trial0 Past Due');
  });

  it('leads to the platform dashboard for the recent activity', async () => {
    serve();
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('link', { name: 'View recent activity' }));
    expect(await screen.findByRole('heading', { name: 'Platform dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/platform/dashboard');
  });
});

describe('Platform analytics: failures', () => {
  it('says the analytics could not be loaded, with the server’s reason, and tries again', async () => {
    const sent = serve();
    server.use(http.get(api(ANALYTICS), () => HttpResponse.json({ error: 'Platform admin access required' }, { status: 403 }), { once: true }));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load analytics data')).toBeInTheDocument();
    expect(screen.getByText('Platform admin access required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Revenue This Month')).toBeInTheDocument();
    expect(sent.to('GET', ANALYTICS)).toHaveLength(2);
  });
});
