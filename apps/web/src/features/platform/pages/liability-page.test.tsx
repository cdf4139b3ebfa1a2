import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LiabilityPeriod, PlatformLiabilityReport } from '@loyalty/contract';
import { userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PlatformLiabilityPage } from './liability-page';

const REPORT = '/platform/reports/liability';

function period(overrides: Partial<LiabilityPeriod> = {}): LiabilityPeriod {
  return {
    earnedCents: 0,
    redeemedCents: 0,
    refundedCents: 0,
    unrecoveredCents: 0,
    voidedCents: 0,
    adjustedCents: 0,
    addedFundsCents: 0,
    bonusCents: 0,
    expiredCents: 0,
    breakageRateBps: 0,
    ...overrides,
  };
}

const ACME = {
  tenantId: 't-acme',
  tenantName: 'Acme Coffee',
  slug: 'acme',
  outstandingCents: 1_234_567,
  period: period({ earnedCents: 50_000, redeemedCents: 20_000, expiredCents: 1_500, breakageRateBps: 250 }),
};
const BEAN = { tenantId: 't-bean', tenantName: 'Bean There', slug: 'bean', outstandingCents: 9_900, period: period({ earnedCents: 1_000 }) };

function report(tenants = [ACME, BEAN]): PlatformLiabilityReport {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    tenants,
    totalOutstandingCents: tenants.reduce((s, t) => s + t.outstandingCents, 0),
    totalPeriod: period({ earnedCents: tenants.reduce((s, t) => s + t.period.earnedCents, 0) }),
  };
}

/** The server: `answer` whatever the order asked for (the order itself is the server's work). */
function serve(answer: PlatformLiabilityReport = report()) {
  server.use(http.get(api(REPORT), () => HttpResponse.json<PlatformLiabilityReport>(answer)));
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<PlatformLiabilityPage />, { session: { user: userOf('platform_admin'), tenant: null } });
}

const lastQuery = (sent: ReturnType<typeof recordRequests>) => Object.fromEntries(sent.to('GET', REPORT).at(-1)?.query ?? []);

describe('Platform liability', () => {
  it('shows the totals and every tenant’s outstanding and movements, largest first', async () => {
    const sent = serve();
    renderPage();
    expect(screen.getByText('Cashback owed to card holders across all tenants. Period: the last 30 days (UTC).')).toBeInTheDocument();
    expect(await within(screen.getByRole('group', { name: 'Total outstanding' })).findByText('$12,444.67')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Earned in 30 days' })).getByTestId('stat-value')).toHaveTextContent('$510.00');
    expect(lastQuery(sent)).toEqual({ sort: 'outstanding', order: 'desc' });

    const table = screen.getByRole('table', { name: 'Liability by tenant' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Acme Coffee', '$12,345.67', '$500.00', '$200.00', '$15.00', '2.5%'],
      ['Bean There', '$99.00', '$10.00', '$0.00', '$0.00', '0.0%'],
    ]);
    expect(within(table).getByRole('columnheader', { name: /Outstanding/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('asks the server for the order the operator picks', async () => {
    const sent = serve();
    const { user } = renderPage();
    const table = await screen.findByRole('table', { name: 'Liability by tenant' });
    await user.click(within(table).getByRole('button', { name: 'Tenant' }));
    await waitFor(() => expect(lastQuery(sent)).toEqual({ sort: 'name', order: 'asc' }));
    await user.click(within(table).getByRole('button', { name: 'Tenant' }));
    await waitFor(() => expect(lastQuery(sent)).toEqual({ sort: 'name', order: 'desc' }));
    await user.click(within(table).getByRole('button', { name: 'Expired (30 days)' }));
    await waitFor(() => expect(lastQuery(sent)).toEqual({ sort: 'expired', order: 'asc' }));
    expect(within(table).getByRole('columnheader', { name: /Expired/ })).toHaveAttribute('aria-sort', 'ascending');
    // Earned, Redeemed and Breakage are not sortable.
    expect(within(within(table).getByRole('columnheader', { name: 'Breakage' })).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there are no tenants yet', async () => {
    serve(report([]));
    renderPage();
    expect(await screen.findByText('No tenants yet')).toBeInTheDocument();
    expect(screen.getByText('Tenants appear here once they are created.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total outstanding' })).getByTestId('stat-value')).toHaveTextContent('$0.00');
  });

  it('shows the server’s reason when the report cannot be loaded, and tries again', async () => {
    const sent = serve();
    server.use(http.get(api(REPORT), () => HttpResponse.json({ error: 'Platform admin access required' }, { status: 403 }), { once: true }));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load the liability report')).toBeInTheDocument();
    expect(screen.getByText('Platform admin access required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Liability by tenant' })).toBeInTheDocument();
    expect(sent.to('GET', REPORT)).toHaveLength(2);
  });
});
