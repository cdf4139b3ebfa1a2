import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EndOfDayFigures, EndOfDayReport, StoreListResponse } from '@loyalty/contract';
import { saveBlob } from '@/lib/save-blob';
import { expectConsole } from '@/test/console';
import { ACME, STORE_ID, tenantWith, userOf } from '@/test/fixtures';
import { deferred, file, json, stubFetch, type FetchStub, type Reply } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { EndOfDayPage } from './end-of-day-page';

const REPORT_PATH = '/api/t/acme/reports/end-of-day';
const HARBOUR_ID = '66666666-6666-4666-8666-666666666666';

/** A line's figures: nothing moved, but what `overrides` says. */
function figures(overrides: Partial<EndOfDayFigures> = {}): EndOfDayFigures {
  const none = { count: 0, amountCents: 0 };
  return {
    purchases: { ...none, cashbackCents: 0 },
    redemptions: none,
    refunds: { ...none, clawbackCents: 0 },
    voids: none,
    adjustments: none,
    addFunds: none,
    bonuses: none,
    expiries: none,
    netCents: 0,
    ...overrides,
  };
}

const SAM = figures({
  purchases: { count: 2, amountCents: 10_000, cashbackCents: 300 },
  redemptions: { count: 1, amountCents: 250 },
  refunds: { count: 1, amountCents: 1_000, clawbackCents: 30 },
  netCents: 20,
});
const TILL_KEY = figures({ purchases: { count: 1, amountCents: 5_000, cashbackCents: 150 }, adjustments: { count: 1, amountCents: -50 }, netCents: 100 });
const STORE_TOTAL = figures({
  purchases: { count: 3, amountCents: 15_000, cashbackCents: 450 },
  redemptions: { count: 1, amountCents: 250 },
  refunds: { count: 1, amountCents: 1_000, clawbackCents: 30 },
  adjustments: { count: 1, amountCents: -50 },
  expiries: { count: 1, amountCents: 75 },
  netCents: 45,
});

/** The day `date` at Main Street: Sam's purchases, redemption and refund, and a till's API key. */
function report(date = '2026-11-28'): EndOfDayReport {
  return {
    date,
    timezone: 'Europe/Berlin',
    storeId: null,
    stores: [
      {
        storeId: STORE_ID,
        storeName: 'Main Street',
        figures: STORE_TOTAL,
        staff: [
          { kind: 'user', id: 'user-sam', name: 'Sam Acme', figures: SAM },
          { kind: 'apiKey', id: 'key-1', name: 'API key: Till 2', figures: TILL_KEY },
        ],
      },
    ],
    totals: STORE_TOTAL,
  };
}

const NOTHING: EndOfDayReport = { date: '2026-11-28', timezone: 'Europe/Berlin', storeId: null, stores: [], totals: figures() };

const STORES: StoreListResponse = {
  stores: [STORE_ID, HARBOUR_ID].map((id, i) => ({
    id,
    name: i === 0 ? 'Main Street' : 'Harbour',
    address: null,
    active: true,
    selfEnrolment: false,
    selfEnrolmentDailyCap: 50,
    createdAt: '2026-01-01T00:00:00.000Z',
    _count: { users: 1, cards: 3, transactions: 2 },
  })),
};

/** The pretend server: the tenant (its zone), the stores and the report of the day at `query` ('' = today). */
function serve(query = '', ...replies: Reply[]): FetchStub {
  return stubFetch()
    .on('GET', '/api/t/acme/tenant', json(200, tenantWith({ timezone: 'Europe/Berlin' })))
    .on('GET', '/api/t/acme/stores', json(200, STORES))
    .on('GET', `${REPORT_PATH}${query}`, ...(replies.length > 0 ? replies : [json(200, report())]));
}

function renderPage(route = '/t/acme/transactions/end-of-day', role: 'tenant_admin' | 'cashier' = 'tenant_admin') {
  return renderWithProviders(<EndOfDayPage />, {
    route,
    path: '/t/:slug/transactions/end-of-day',
    session: { user: userOf(role), tenant: ACME },
  });
}

/** A figure of the totals, once the report is in (the tile shows a placeholder while it loads). */
const figure = async (label: string) => within(await screen.findByRole('group', { name: label })).findByTestId('stat-value');
const mainStreet = () => screen.findByRole('table', { name: 'Main Street: movements by staff member' });

/** axe-core's WCAG 2.1 A and AA rules on the page as rendered; a serious or critical finding fails (contrast is the browser tests'). */
async function expectNoSeriousAxeFindings() {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('End of day page: the figures', () => {
  it('shows today’s totals, a row per staff member and the bold store total, asking for no day', async () => {
    const server = serve();
    renderPage();
    expect(await figure('Purchases')).toHaveTextContent('3 · $150.00');
    expect(screen.getByRole('group', { name: 'Purchases' })).toHaveTextContent('cashback issued $4.50');
    expect(await figure('Redemptions')).toHaveTextContent('1 · $2.50');
    expect(await figure('Refunds')).toHaveTextContent('1 · $10.00');
    expect(screen.getByRole('group', { name: 'Refunds' })).toHaveTextContent('taken back $0.30');
    expect(await figure('Net balance change')).toHaveTextContent('$0.45');
    expect(screen.getByText("The day's movements at the till for the cash-up, per store and staff member. Times in Europe/Berlin.")).toBeInTheDocument();

    const table = await mainStreet();
    const sam = within(table).getByRole('row', { name: /Sam Acme/ });
    expect(
      within(sam)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Sam Acme', '2 · $100.00', '$3.00', '1 · $2.50', '1 · $10.00', '0 · $0.00', '0 · $0.00', '0 · $0.00', '0 · $0.00', '$0.20']);
    expect(within(table).getByRole('row', { name: /API key: Till 2/ })).toHaveTextContent('1 · -$0.50');
    const total = within(table).getByRole('row', { name: /Store total/ });
    expect(total).toHaveClass('font-semibold');
    expect(total).toHaveTextContent('3 · $150.00');
    expect(screen.getByText('Expired').nextSibling).toHaveTextContent('1 · $0.75');
    expect(screen.getByLabelText('Date')).toHaveValue('2026-11-28');
    expect(server.requestsTo('GET', REPORT_PATH)).toHaveLength(1);
  });

  it('has no serious or critical axe finding', async () => {
    serve();
    renderPage();
    await mainStreet();
    await expectNoSeriousAxeFindings();
  });
});

describe('End of day page: the day and the store', () => {
  it('asks for the day the user picks, and offers no day after today in the business’s zone', async () => {
    const server = serve().on('GET', `${REPORT_PATH}?date=2026-11-20`, json(200, report('2026-11-20')));
    renderPage();
    await mainStreet();
    const berlinToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveAttribute('max', berlinToday));
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(server.requestsTo('GET', `${REPORT_PATH}?date=2026-11-20`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveValue('2026-11-20'));
  });

  it('does not ask for a day after today', async () => {
    const server = serve();
    renderPage();
    await mainStreet();
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2999-01-01' } });
    expect(await screen.findByText('Choose today or an earlier day')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Main Street: movements by staff member' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(server.requests.filter((r) => r.path.includes('2999'))).toEqual([]);
  });

  it('lets a Store Admin pick a store, and asks for its id', async () => {
    const server = serve().on('GET', `${REPORT_PATH}?storeId=${HARBOUR_ID}`, json(200, NOTHING));
    const { user } = renderPage();
    await mainStreet();
    const picker = await screen.findByRole('combobox', { name: 'Store' });
    expect(picker).toHaveValue('');
    expect(within(picker).getByRole('option', { name: 'All stores' })).toBeInTheDocument();
    await user.selectOptions(picker, 'Harbour');
    expect(await screen.findByText('No movements on this day.')).toBeInTheDocument();
    expect(server.requestsTo('GET', `${REPORT_PATH}?storeId=${HARBOUR_ID}`)).toHaveLength(1);
  });

  it('shows a cashier their own store and no picker', async () => {
    const server = serve();
    renderPage(undefined, 'cashier');
    await mainStreet();
    expect(screen.queryByRole('combobox', { name: 'Store' })).not.toBeInTheDocument();
    expect(screen.getByText('Store', { selector: 'dt' }).nextSibling).toHaveTextContent('Main Street');
    expect(server.requestsTo('GET', '/api/t/acme/stores')).toHaveLength(0);
  });

  it('tells a cashier who asks for another store that they can only see their own, and shows their own', async () => {
    const server = serve().on('GET', `${REPORT_PATH}?storeId=${HARBOUR_ID}`, json(403, { error: 'You can only see your own store', code: 'FORBIDDEN' }));
    const { user } = renderPage(`/t/acme/transactions/end-of-day?store=${HARBOUR_ID}`, 'cashier');
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only see your own store');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show my store' }));
    await mainStreet();
    expect(server.requestsTo('GET', REPORT_PATH)).toHaveLength(1);
  });
});

describe('End of day page: states', () => {
  it('shows placeholders while the day loads', async () => {
    const held = deferred();
    serve('', held.reply);
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the day’s movements');
    expect(screen.getByRole('group', { name: 'Purchases' })).toHaveAttribute('aria-busy', 'true');
    held.resolve(json(200, report()));
    await mainStreet();
  });

  it('says when nothing moved on the day', async () => {
    serve('', json(200, NOTHING));
    renderPage();
    expect(await screen.findByText('No movements on this day.')).toBeInTheDocument();
    expect(await figure('Net balance change')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the report cannot be loaded, and loads it on Try again', async () => {
    serve('', json(500, { error: 'Database unavailable' }), json(200, report()));
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load the end-of-day report')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await figure('Purchases')).toHaveTextContent('3 · $150.00');
  });
});

describe('End of day page: downloads', () => {
  const ROUTE = `/t/acme/transactions/end-of-day?date=2026-11-20&store=${STORE_ID}`;
  const QUERY = `?date=2026-11-20&storeId=${STORE_ID}`;

  it('downloads the CSV of the day and store shown, under the server’s name', async () => {
    const server = serve(QUERY).on(
      'GET',
      `${REPORT_PATH}.csv${QUERY}`,
      file('store,staff\n', { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="end-of-day-2026-11-20.csv"' }),
    );
    const { user } = renderPage(ROUTE);
    await mainStreet();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0][1]).toBe('end-of-day-2026-11-20.csv');
    expect(server.requestsTo('GET', `${REPORT_PATH}.csv${QUERY}`)).toHaveLength(1);
  });

  it('downloads the printable PDF of the day and store shown, under the server’s name', async () => {
    const server = serve(QUERY).on(
      'GET',
      `${REPORT_PATH}.pdf${QUERY}`,
      file('%PDF-1.7', { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="end-of-day-2026-11-20.pdf"' }),
    );
    const { user } = renderPage(ROUTE);
    await mainStreet();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0][1]).toBe('end-of-day-2026-11-20.pdf');
    expect(server.requestsTo('GET', `${REPORT_PATH}.pdf${QUERY}`)).toHaveLength(1);
  });

  it('saves nothing when the download fails', async () => {
    expectConsole('error', 'Failed to download the end-of-day PDF:');
    const server = serve().on('GET', `${REPORT_PATH}.pdf`, json(500, { error: 'boom' }));
    const { user } = renderPage();
    await mainStreet();
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(server.requestsTo('GET', `${REPORT_PATH}.pdf`)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled());
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
