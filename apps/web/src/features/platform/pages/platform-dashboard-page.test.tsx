import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityItem, ActivityResponse, PlatformStats } from '@loyalty/contract';
import { expectConsole } from '@/test/console';
import { userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PlatformDashboardPage } from './platform-dashboard-page';

const STATS = '/platform/stats';
const ACTIVITY = '/platform/activity';

const FIGURES: PlatformStats = {
  totalTenants: 1_250,
  activeTenants: 980,
  totalStores: 3_400,
  totalCustomers: 125_000,
  totalRevenue: 12_345_678,
  monthlyRevenue: 450_000,
  trends: { totalTenants: 12.5, activeTenants: -3.25, totalStores: 0, totalCustomers: null, totalRevenue: 100, monthlyRevenue: -50 },
};

function activity(overrides: Partial<ActivityItem> = {}): ActivityItem {
  return {
    id: 'a1',
    kind: 'tenant_created',
    title: 'New tenant signed up',
    detail: 'Acme Coffee joined on a trial',
    tenantName: 'Acme Coffee',
    tenantSlug: 'acme',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const ENTRIES = [
  activity(),
  activity({ id: 'a2', kind: 'payment', title: 'Payment received', detail: '$19.99 for Professional', tenantName: 'Bean There', tenantSlug: 'bean' }),
  activity({ id: 'a3', kind: 'tenant_deleted', title: 'Tenant deleted', detail: '', tenantName: null, tenantSlug: null }),
];

/** The server: the stats answer `stats`, the recent activity `entries`. */
function serve(stats: PlatformStats = FIGURES, entries: ActivityItem[] = ENTRIES) {
  server.use(
    http.get(api(STATS), () => HttpResponse.json<PlatformStats>(stats)),
    http.get(api(ACTIVITY), () => HttpResponse.json<ActivityResponse>({ activity: entries, items: [], nextCursor: null })),
  );
  return recordRequests();
}

/** The dashboard at /platform/dashboard, with the pages its quick actions lead to. */
function renderPage(firstName = 'Sam') {
  const Landed = () => <h1>Landed</h1>;
  return renderRoutes(
    [
      { path: '/platform/dashboard', element: <PlatformDashboardPage /> },
      { path: '/platform/tenants', element: <Landed /> },
      { path: '/platform/analytics', element: <Landed /> },
    ],
    '/platform/dashboard',
    { session: { user: userOf('platform_admin', { firstName }), tenant: null } },
  );
}

const figure = (label: string) => screen.getByRole('group', { name: label });

describe('Platform dashboard: the figures', () => {
  it('greets the operator and shows the six figures with their trends', async () => {
    const sent = serve();
    renderPage();
    expect(screen.getByRole('heading', { name: 'Platform Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back, Sam! Here is how the platform is doing.')).toBeInTheDocument();
    expect(await within(figure('Total Tenants')).findByText('1,250')).toBeInTheDocument();

    expect(within(figure('Total Tenants')).getByTestId('stat-trend')).toHaveTextContent('+12.5% vs previous 30 days');
    expect(within(figure('Active Tenants')).getByTestId('stat-value')).toHaveTextContent('980');
    expect(within(figure('Active Tenants')).getByTestId('stat-trend')).toHaveTextContent('−3.3% vs previous 30 days');
    expect(within(figure('Total Customers')).getByTestId('stat-value')).toHaveTextContent('125,000');
    expect(within(figure('Total Revenue')).getByTestId('stat-value')).toHaveTextContent('$123,456.78');
    expect(within(figure('Total Revenue')).getByTestId('stat-trend')).toHaveTextContent('+100.0% vs last month');
    expect(within(figure('Monthly Revenue')).getByTestId('stat-value')).toHaveTextContent('$4,500.00');
    expect(within(figure('Monthly Revenue')).getByTestId('stat-trend')).toHaveTextContent('−50.0% vs last month');
    expect(within(figure('Total Stores')).getByTestId('stat-value')).toHaveTextContent('3,400');
    expect(within(figure('Total Stores')).getByTestId('stat-trend')).toHaveTextContent('0.0% vs previous 30 days');
    expect(sent.to('GET', STATS)).toHaveLength(1);
  });

  it('shows no percentage when there is nothing earlier to compare with', async () => {
    serve();
    renderPage();
    const trend = await within(figure('Total Customers')).findByTestId('stat-trend');
    expect(trend).toHaveTextContent('No earlier data');
    expect(trend).toHaveAttribute('title', 'Nothing in the previous period to compare with');
  });

  it('says the figures are loading until they come', async () => {
    serve();
    renderPage();
    expect(screen.getByText('Loading platform statistics')).toBeInTheDocument();
    expect(figure('Total Tenants')).toHaveAttribute('aria-busy', 'true');
    await within(figure('Total Tenants')).findByText('1,250');
    expect(screen.queryByText('Loading platform statistics')).not.toBeInTheDocument();
  });

  it('falls back to the plain subtitle for an operator without a first name', async () => {
    serve();
    renderPage('');
    expect(screen.getByText('Here is how the platform is doing.')).toBeInTheDocument();
    await within(figure('Total Tenants')).findByText('1,250');
  });

  it('says the figures could not be loaded, with the server’s reason, and tries again', async () => {
    expectConsole('error', 'Failed to load platform statistics:');
    const sent = serve();
    server.use(http.get(api(STATS), () => HttpResponse.json({ error: 'Platform admin access required' }, { status: 403 }), { once: true }));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load platform statistics')).toBeInTheDocument();
    expect(screen.getByText('Platform admin access required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(figure('Total Tenants')).findByText('1,250')).toBeInTheDocument();
    expect(sent.to('GET', STATS)).toHaveLength(2);
  });

  it('keeps the last figures with a warning when a refresh fails', async () => {
    expectConsole('error', 'Failed to load platform statistics:');
    serve();
    const { queryClient } = renderPage();
    await within(figure('Total Tenants')).findByText('1,250');
    server.use(http.get(api(STATS), () => HttpResponse.json({ error: 'Service unavailable' }, { status: 503 })));
    await act(() => queryClient.refetchQueries());
    expect(await screen.findByText('The figures could not be refreshed; showing the last ones loaded.')).toBeInTheDocument();
    expect(within(figure('Total Tenants')).getByTestId('stat-value')).toHaveTextContent('1,250');
  });
});

describe('Platform dashboard: recent activity', () => {
  it('lists the latest entries, newest first, with their detail and tenant', async () => {
    const sent = serve();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const items = within(list).getAllByTestId('activity-item');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('New tenant signed up');
    expect(items[0]).toHaveTextContent('Acme Coffee joined on a trial');
    expect(within(items[0]).getByText('Acme Coffee')).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Payment received');
    expect(items[1]).toHaveTextContent('$19.99 for Professional');
    expect(within(items[1]).getByText('Bean There')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Tenant deleted');
    expect(sent.to('GET', ACTIVITY)[0].query.get('limit')).toBe('10');
  });

  it('says when nothing has happened yet', async () => {
    serve(FIGURES, []);
    renderPage();
    expect(await screen.findByText('No recent activity yet')).toBeInTheDocument();
    expect(screen.getByText('New tenants, subscriptions and payments will appear here.')).toBeInTheDocument();
  });

  it('says the activity could not be loaded while the figures still show', async () => {
    serve();
    server.use(http.get(api(ACTIVITY), () => HttpResponse.json({ error: 'Activity is unavailable' }, { status: 500 })));
    renderPage();
    expect(await screen.findByText('Failed to load recent activity')).toBeInTheDocument();
    expect(screen.getByText('Activity is unavailable')).toBeInTheDocument();
    expect(await within(figure('Total Tenants')).findByText('1,250')).toBeInTheDocument();
  });
});

describe('Platform dashboard: quick actions', () => {
  it.each([
    ['Create Tenant', '/platform/tenants', '?action=create'],
    ['Manage Tenants', '/platform/tenants', ''],
    ['View Analytics', '/platform/analytics', ''],
  ])('%s leads to %s%s', async (name, pathname, search) => {
    serve();
    const { user, router } = renderPage();
    await user.click(screen.getByRole('link', { name: new RegExp(`^${name}`) }));
    expect(await screen.findByRole('heading', { name: 'Landed' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(pathname);
    expect(router.state.location.search).toBe(search);
  });
});
