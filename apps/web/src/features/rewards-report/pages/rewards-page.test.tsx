import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RewardsMonth, RewardsReport } from '@loyalty/contract';
import { saveBlob } from '@/lib/save-blob';
import { expectConsole } from '@/test/console';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { RewardsPage } from './rewards-page';

const REPORT_PATH = '/t/acme/reports/rewards';
const CSV_PATH = '/t/acme/reports/rewards.csv';

type Figures = Omit<RewardsMonth, 'month'>;

/** A month's or a period's figures: every reason's bonuses as [count, amountCents, redeemedCents]. */
function figures(
  bonuses: Record<'WELCOME' | 'BIRTHDAY' | 'REFERRAL' | 'WIN_BACK', [number, number, number]>,
  referrals: Figures['referrals'],
  winBack: Figures['winBack'],
): Figures {
  return {
    bonuses: Object.entries(bonuses).map(([reason, [count, amountCents, redeemedCents]]) => ({
      reason: reason as keyof typeof bonuses,
      count,
      amountCents,
      redeemedCents,
    })),
    referrals,
    winBack,
  };
}

const ZERO = figures(
  { WELCOME: [0, 0, 0], BIRTHDAY: [0, 0, 0], REFERRAL: [0, 0, 0], WIN_BACK: [0, 0, 0] },
  { invited: 0, joined: 0, converted: 0 },
  { sent: 0, cameBack: 0 },
);

const NOVEMBER = figures(
  { WELCOME: [2, 1_000, 500], BIRTHDAY: [1, 1_000, 0], REFERRAL: [0, 0, 0], WIN_BACK: [0, 0, 0] },
  { invited: 3, joined: 1, converted: 0 },
  { sent: 0, cameBack: 0 },
);
const DECEMBER = figures(
  { WELCOME: [4, 2_000, 1_000], BIRTHDAY: [0, 0, 0], REFERRAL: [2, 1_000, 500], WIN_BACK: [1, 500, 500] },
  { invited: 5, joined: 3, converted: 2 },
  { sent: 4, cameBack: 1 },
);
const TOTALS = figures(
  { WELCOME: [6, 3_000, 1_500], BIRTHDAY: [1, 1_000, 0], REFERRAL: [2, 1_000, 500], WIN_BACK: [1, 500, 500] },
  { invited: 8, joined: 4, converted: 2 },
  { sent: 4, cameBack: 1 },
);

/** A report for months `from`–`to` with November's and December's figures and their totals. */
function report(from: string, to: string): RewardsReport {
  return {
    timezone: 'Europe/Berlin',
    from,
    to,
    months: [
      { month: '2026-11', ...NOVEMBER },
      { month: '2026-12', ...DECEMBER },
    ],
    totals: TOTALS,
  };
}

/** The server: the report of the months asked for (Jan 2026–Dec 2026 when none). */
function serve(answer: (from: string, to: string) => RewardsReport = report) {
  server.use(
    http.get(api(REPORT_PATH), ({ request }) => {
      const q = new URL(request.url).searchParams;
      return HttpResponse.json<RewardsReport>(answer(q.get('from') ?? '2026-01', q.get('to') ?? '2026-12'));
    }),
  );
  return recordRequests();
}

function renderPage(route = '/t/acme/rewards') {
  return renderWithProviders(<RewardsPage />, { route, path: '/t/:slug/rewards', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

/** The figure `label`, once the report is in (the tile shows a placeholder while it loads). */
const figure = async (label: string) => within(await screen.findByRole('group', { name: label })).findByTestId('stat-value');
const queryOf = (sent: ReturnType<typeof recordRequests>, path: string, at = 0) => Object.fromEntries(sent.to('GET', path).at(at)?.query ?? []);

/** axe-core's WCAG 2.1 A and AA rules on the page as rendered; a serious or critical finding fails (contrast is the browser tests'). */
async function expectNoSeriousAxeFindings() {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('Rewards page: the figures', () => {
  it('shows the period’s totals and a row per month, asking for the server’s default months', async () => {
    const sent = serve();
    renderPage();
    expect(await figure('Bonuses issued')).toHaveTextContent('$55.00');
    const hint = (label: string) => screen.getByRole('group', { name: label });
    expect(hint('Bonuses issued')).toHaveTextContent('10 bonuses');
    expect(await figure('Spent at the till')).toHaveTextContent('$25.00');
    expect(hint('Spent at the till')).toHaveTextContent('45.5% of bonuses');
    expect(await figure('Referrals converted')).toHaveTextContent('2 of 4');
    expect(hint('Referrals converted')).toHaveTextContent('invited 8');
    expect(await figure('Win-back return rate')).toHaveTextContent('25.0%');
    expect(hint('Win-back return rate')).toHaveTextContent('1 of 4 offers');

    const table = screen.getByRole('table', { name: 'Rewards by month' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.slice(0, 6)).toEqual(['Month', 'Welcome bonus', 'Birthday reward', 'Referral bonus', 'Win-back bonus', 'Spent']);
    const december = within(within(table).getByRole('row', { name: /Dec 2026/ })).getAllByRole('cell');
    expect(december.map((c) => c.textContent)).toEqual(['Dec 2026', '4 · $20.00', '0 · $0.00', '2 · $10.00', '1 · $5.00', '$20.00', '5 / 3 / 2', '4 / 1']);
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => within(r).queryAllByRole('cell')[0]?.textContent),
    ).toEqual([undefined, 'Nov 2026', 'Dec 2026']);

    expect(screen.getByText(/month by month\. Months in Europe\/Berlin\./)).toBeInTheDocument();
    expect(queryOf(sent, REPORT_PATH)).toEqual({});
    expect(screen.getByLabelText('From')).toHaveValue('2026-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-12');
  });

  it('says — for the return rate when no win-back offer was sent', async () => {
    serve((from, to) => ({ ...report(from, to), totals: { ...TOTALS, winBack: { sent: 0, cameBack: 0 } } }));
    renderPage();
    expect(await figure('Win-back return rate')).toHaveTextContent('—');
    expect(screen.getByRole('group', { name: 'Win-back return rate' })).not.toHaveTextContent('offers');
  });

  it('has no serious or critical axe finding', async () => {
    serve();
    renderPage();
    await figure('Bonuses issued');
    await expectNoSeriousAxeFindings();
  });
});

describe('Rewards page: the months', () => {
  it('asks for the months in the address, and for the months the user picks', async () => {
    const sent = serve();
    renderPage('/t/acme/rewards?from=2026-03&to=2026-08');
    await figure('Bonuses issued');
    expect(queryOf(sent, REPORT_PATH)).toEqual({ from: '2026-03', to: '2026-08' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05' } });
    await waitFor(() => expect(queryOf(sent, REPORT_PATH, -1)).toEqual({ from: '2026-05', to: '2026-08' }));
    expect(screen.getByLabelText('From')).toHaveValue('2026-05');
  });

  it('keeps the month shown in the other field when the user picks one end', async () => {
    const sent = serve();
    renderPage();
    await figure('Bonuses issued');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-06' } });
    await waitFor(() => expect(queryOf(sent, REPORT_PATH, -1)).toEqual({ from: '2026-01', to: '2026-06' }));
  });

  it('does not ask for a range whose From is after its To, and says why', async () => {
    const sent = serve();
    renderPage('/t/acme/rewards?from=2026-03&to=2026-08');
    await figure('Bonuses issued');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10' } });
    expect(await screen.findByText('From must not be after To')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    expect(sent.to('GET', REPORT_PATH)).toHaveLength(1);
    expect(await figure('Bonuses issued')).toHaveTextContent('$55.00');
  });

  it('does not ask for more than 24 months', async () => {
    const sent = serve();
    renderPage('/t/acme/rewards?from=2024-01&to=2026-01');
    expect(await screen.findByText('Choose at most 24 months')).toBeInTheDocument();
    expect(sent.to('GET', REPORT_PATH)).toHaveLength(0);
  });
});

describe('Rewards page: states', () => {
  it('says there are no rewards yet when every figure is zero, pointing to Rules & Settings', async () => {
    serve((from, to) => ({ timezone: 'UTC', from, to, months: [{ month: '2026-12', ...ZERO }], totals: ZERO }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No rewards yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rules & Settings → Rewards' })).toHaveAttribute('href', '/t/acme/rules');
    expect(screen.queryByRole('table', { name: 'Rewards by month' })).not.toBeInTheDocument();
    expect(await figure('Win-back return rate')).toHaveTextContent('—');
  });

  it('shows placeholders while the report loads', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(api(REPORT_PATH), async () => {
        await held;
        return HttpResponse.json<RewardsReport>(report('2026-01', '2026-12'));
      }),
    );
    renderPage();
    expect(screen.getByRole('group', { name: 'Bonuses issued' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading the months')).toBeInTheDocument();
    release();
    expect(await figure('Bonuses issued')).toHaveTextContent('$55.00');
  });

  it('says when the report cannot be loaded, and loads it on Try again', async () => {
    let answers = 0;
    server.use(
      http.get(api(REPORT_PATH), () =>
        ++answers === 1 ? HttpResponse.json({ error: 'At most 24 months' }, { status: 400 }) : HttpResponse.json<RewardsReport>(report('2026-01', '2026-12')),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load the rewards report')).toBeInTheDocument();
    expect(screen.getByText('At most 24 months')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await figure('Bonuses issued')).toHaveTextContent('$55.00');
  });
});

describe('Rewards page: Download CSV', () => {
  it('downloads the CSV of the months shown, under the server’s name', async () => {
    server.use(
      http.get(
        api(CSV_PATH),
        () =>
          new HttpResponse('month,reason\n', {
            headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="rewards-2026-03-2026-08.csv"' },
          }),
      ),
    );
    const sent = serve();
    const { user } = renderPage('/t/acme/rewards?from=2026-03&to=2026-08');
    await figure('Bonuses issued');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0][1]).toBe('rewards-2026-03-2026-08.csv');
    expect(queryOf(sent, CSV_PATH)).toEqual({ from: '2026-03', to: '2026-08' });
  });

  it('saves nothing when the download fails', async () => {
    expectConsole('error', 'Failed to download the rewards CSV:');
    server.use(http.get(api(CSV_PATH), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const sent = serve();
    const { user } = renderPage();
    await figure('Bonuses issued');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(sent.to('GET', CSV_PATH)).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled());
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
