import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiabilityReport } from '@loyalty/contract';
import { saveBlob } from '@/lib/save-blob';
import { expectConsole } from '@/test/console';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { LiabilityPage } from './liability-page';

const REPORT_PATH = '/t/acme/reports/liability';
const CSV_PATH = '/t/acme/reports/liability.csv';

const NOTHING: LiabilityReport['period'] = {
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
};

/** A report for `from`–`to` owing `outstandingCents`, all of it at Main Store and under 30 days old. */
function report(from: string, to: string, outstandingCents: number, period: Partial<LiabilityReport['period']> = {}): LiabilityReport {
  return {
    timezone: 'UTC',
    from,
    to,
    outstandingCents,
    cardsWithBalance: outstandingCents > 0 ? 3 : 0,
    expiringNext30DaysCents: 0,
    byStore: outstandingCents > 0 ? [{ storeId: 's1', storeName: 'Main Store', outstandingCents }] : [],
    byAge: [
      { bucket: '0-30', cents: outstandingCents },
      { bucket: '31-90', cents: 0 },
      { bucket: '91-180', cents: 0 },
      { bucket: '181-365', cents: 0 },
      { bucket: '>365', cents: 0 },
    ],
    period: { ...NOTHING, ...period },
    series: [{ date: to, outstandingCents, earnedCents: period.earnedCents ?? 0, redeemedCents: 0, expiredCents: 0 }],
  };
}

/** The server: the report of the period asked for (the last 30 days when none), owing $500.00 (more from December). */
function serve() {
  server.use(
    http.get(api(REPORT_PATH), ({ request }) => {
      const q = new URL(request.url).searchParams;
      const from = q.get('from') ?? '2026-10-30';
      const to = q.get('to') ?? '2026-11-28';
      return HttpResponse.json(report(from, to, from >= '2026-12-01' ? 75_000 : 50_000, { earnedCents: 1_000 }));
    }),
  );
  return recordRequests();
}

function renderPage(route = '/t/acme/liability') {
  return renderWithProviders(<LiabilityPage />, { route, path: '/t/:slug/liability', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

/** The Outstanding figure, once the report is in (the tile shows a placeholder while it loads). */
const outstanding = async () => within(await screen.findByRole('group', { name: 'Outstanding' })).findByTestId('stat-value');

describe('Liability page: the period', () => {
  it('asks for the server’s default period when the address has none, and shows it in the date fields', async () => {
    const sent = serve();
    renderPage();
    expect(await outstanding()).toHaveTextContent('$500.00');
    expect(Object.fromEntries(sent.to('GET', REPORT_PATH)[0].query)).toEqual({});
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-30');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-28');
    expect(screen.getByText('Cashback owed to card holders. Days in UTC.')).toBeInTheDocument();
  });

  it('loads the figures of a date the user picks', async () => {
    const sent = serve();
    renderPage('/t/acme/liability?from=2026-11-01&to=2026-12-31');
    expect(await outstanding()).toHaveTextContent('$500.00');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-12-01' } });
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Outstanding' })).getByTestId('stat-value')).toHaveTextContent('$750.00'));
    expect(Object.fromEntries(sent.to('GET', REPORT_PATH).at(-1)?.query ?? [])).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-12-01');
  });

  it('ignores a malformed date in the address', async () => {
    const sent = serve();
    renderPage('/t/acme/liability?from=yesterday&to=2026-11-28');
    await outstanding();
    expect(Object.fromEntries(sent.to('GET', REPORT_PATH)[0].query)).toEqual({ to: '2026-11-28' });
  });
});

describe('Liability page: states', () => {
  it('says nothing is owed yet when nothing was ever owed and nothing moved', async () => {
    server.use(http.get(api(REPORT_PATH), () => HttpResponse.json(report('2026-10-30', '2026-11-28', 0))));
    renderPage();
    expect(await screen.findByText('No cashback owed yet')).toBeInTheDocument();
    expect(screen.getByText('Figures appear here once cards earn cashback.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Outstanding cashback by age' })).not.toBeInTheDocument();
  });

  it('says no card holds a balance when all was spent in the period', async () => {
    server.use(http.get(api(REPORT_PATH), () => HttpResponse.json(report('2026-10-30', '2026-11-28', 0, { earnedCents: 500, redeemedCents: 500 }))));
    renderPage();
    expect(await screen.findByText('No card holds a balance.')).toBeInTheDocument();
    expect(screen.getByText('Redeemed').nextSibling).toHaveTextContent('$5.00');
  });

  it('says when the report cannot be loaded, and loads it on Try again', async () => {
    let answers = 0;
    server.use(
      http.get(api(REPORT_PATH), () =>
        ++answers === 1 ? HttpResponse.json({ error: 'Invalid date range' }, { status: 400 }) : HttpResponse.json(report('2026-10-30', '2026-11-28', 50_000)),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load the liability report')).toBeInTheDocument();
    expect(screen.getByText('Invalid date range')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await outstanding()).toHaveTextContent('$500.00');
  });
});

describe('Liability page: Download CSV', () => {
  it('downloads the CSV of the period shown, under the server’s name', async () => {
    server.use(
      http.get(
        api(CSV_PATH),
        () =>
          new HttpResponse('date,outstanding\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="liability-2026-11-01-2026-11-30.csv"' },
          }),
      ),
    );
    const sent = serve();
    const { user } = renderPage('/t/acme/liability?from=2026-11-01&to=2026-11-30');
    await outstanding();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0][1]).toBe('liability-2026-11-01-2026-11-30.csv');
    expect(Object.fromEntries(sent.to('GET', CSV_PATH)[0].query)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('saves nothing when the download fails', async () => {
    expectConsole('error', 'Failed to download the liability CSV:');
    server.use(http.get(api(CSV_PATH), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const sent = serve();
    const { user } = renderPage();
    await outstanding();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(sent.to('GET', CSV_PATH)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled());
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
