import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import type { RiskFlagItem, RiskFlagList, SyncConflictList } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { formatTime } from '@/lib/format';
import { ReviewPage } from './review-page';

const FLAGS = '/t/acme/risk/flags';
const CONFLICTS = '/t/acme/sync-conflicts';
const FLAG_ID = '44444444-4444-4444-8444-444444444444';

/** An open flag: the card ACME00000001 earned a 6th time on Nov 27 with 5 allowed, at the till of Sam Cashier. */
function flagWith(overrides: Partial<RiskFlagItem> = {}): RiskFlagItem {
  return {
    id: FLAG_ID,
    limit: 'CARD_EARNS_PER_DAY',
    limitValue: 5,
    day: '2026-11-27',
    status: 'OPEN',
    createdAt: '2026-11-27T15:15:00.000Z',
    reviewedAt: null,
    reviewedBy: null,
    card: { uid: 'ACME00000001', status: 'ACTIVE' },
    holder: { id: 'c1', name: 'Robin Holder' },
    staff: { id: 'u1', name: 'Sam Cashier' },
    store: { id: 's1', name: 'Main Street' },
    movements: [{ transactionId: 't1', type: 'EARN', amountCents: 12_000, createdAt: '2026-11-27T15:15:00.000Z' }],
    ...overrides,
  };
}

/** The server: `open` for ?status=OPEN and `all` for ?status=ALL, no sync conflict; records what the page sends. */
function serve(open: RiskFlagItem[], all: RiskFlagItem[] = open) {
  server.use(
    http.get(api(CONFLICTS), () => HttpResponse.json<SyncConflictList>({ items: [], openCount: 0 })),
    http.get(api(FLAGS), ({ request }) => {
      const items = new URL(request.url).searchParams.get('status') === 'ALL' ? all : open;
      return HttpResponse.json<RiskFlagList>({ items, openCount: open.length });
    }),
  );
  return recordRequests();
}

function renderPage(route = '/t/acme/review') {
  return renderWithProviders(<ReviewPage />, { route, path: '/t/:slug/review', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

const table = () => screen.findByRole('table', { name: 'Flags' });

describe('Review page', () => {
  it('lists the open flags: the limit in words, the day, card, holder, staff, store, movements and status', async () => {
    const sent = serve([
      flagWith(),
      flagWith({
        id: '55555555-5555-4555-8555-555555555555',
        limit: 'CARD_EARN_AMOUNT',
        limitValue: 50_000,
        holder: null,
        staff: null,
        store: null,
        card: { uid: 'ACME00000002', status: 'BLOCKED' },
        movements: [
          { transactionId: 't2', type: 'EARN', amountCents: 60_000, createdAt: '2026-11-27T16:00:00.000Z' },
          { transactionId: 't3', type: 'EARN', amountCents: 75_050, createdAt: '2026-11-27T17:30:00.000Z' },
        ],
      }),
    ]);
    renderPage();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(sent.to('GET', FLAGS)[0].query.get('status')).toBe('OPEN');

    expect(rows[0]).toHaveTextContent('5 earns per card a day');
    expect(rows[0]).toHaveTextContent('Day Nov 27, 2026');
    expect(within(rows[0]).getByRole('link', { name: 'Card ACME00000001 on the Cards page' })).toHaveAttribute('href', '/t/acme/cards?search=ACME00000001');
    expect(rows[0]).toHaveTextContent('Robin Holder');
    expect(rows[0]).toHaveTextContent('Sam Cashier');
    expect(rows[0]).toHaveTextContent('Main Street');
    expect(within(rows[0]).getByRole('list', { name: 'Movements of the flag on card ACME00000001' })).toHaveTextContent(
      `Earn $120.00 at ${formatTime('2026-11-27T15:15:00.000Z')}`,
    );
    expect(rows[0]).toHaveTextContent('Open');
    expect(within(rows[0]).getByRole('button', { name: 'Dismiss the flag of card ACME00000001' })).toBeEnabled();
    expect(within(rows[0]).getByRole('button', { name: 'Block card ACME00000001' })).toBeEnabled();

    expect(rows[1]).toHaveTextContent('Purchases up to $500.00 per earn');
    expect(rows[1]).toHaveTextContent('Blocked');
    expect(rows[1]).toHaveTextContent('No holder');
    expect(rows[1]).toHaveTextContent('No staff member');
    expect(
      within(rows[1])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`Earn $600.00 at ${formatTime('2026-11-27T16:00:00.000Z')}`, `Earn $750.50 at ${formatTime('2026-11-27T17:30:00.000Z')}`]);
    expect(screen.getByText('2 open flags')).toBeVisible();
  });

  it('writes the redemption limits in words, and shows every flag with who reviewed it under All flags', async () => {
    const dismissed = flagWith({
      id: '66666666-6666-4666-8666-666666666666',
      limit: 'STAFF_REDEEM_PER_DAY',
      limitValue: 1500,
      status: 'DISMISSED',
      reviewedAt: '2026-11-28T09:00:00.000Z',
      reviewedBy: 'Alex Owner',
      movements: [{ transactionId: 't4', type: 'REDEEM', amountCents: 2000, createdAt: '2026-11-27T15:00:00.000Z' }],
    });
    const open = flagWith({ limit: 'CARD_REDEEM_PER_DAY', limitValue: 3000 });
    const sent = serve([open], [open, dismissed]);
    const { user } = renderPage();
    expect(await table()).toHaveTextContent('$30.00 redeemed per card a day');

    await user.selectOptions(screen.getByLabelText('Show'), 'All flags');
    await waitFor(() => expect(sent.to('GET', FLAGS).map((r) => r.query.get('status'))).toContain('ALL'));
    const row = await screen.findByRole('row', { name: /\$15\.00 redeemed per staff member a day/ });
    expect(row).toHaveTextContent('Dismissed');
    expect(row).toHaveTextContent('By Alex Owner');
    expect(row).toHaveTextContent('Redeem $20.00');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says there is nothing to review when no flag is open', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(screen.getByText('Movements that cross a limit set to flag appear here.')).toBeInTheDocument();
    expect(screen.getByText('0 open flags')).toBeVisible();
  });

  it('dismisses a flag, says so and refreshes the list', async () => {
    let open = [flagWith()];
    const sent = serve([]);
    server.use(
      http.get(api(FLAGS), () => HttpResponse.json<RiskFlagList>({ items: open, openCount: open.length })),
      http.post(api(`${FLAGS}/${FLAG_ID}/dismiss`), () => {
        open = [];
        return HttpResponse.json<RiskFlagItem>(flagWith({ status: 'DISMISSED', reviewedAt: '2026-11-28T09:00:00.000Z', reviewedBy: 'Sam Acme' }));
      }),
    );
    const { user } = renderPage();
    await user.click(within(await table()).getByRole('button', { name: 'Dismiss the flag of card ACME00000001' }));

    expect(await screen.findByText('Flag dismissed')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(sent.to('POST', `${FLAGS}/${FLAG_ID}/dismiss`)).toHaveLength(1);
    expect(sent.to('GET', FLAGS).length).toBeGreaterThanOrEqual(2);
  });

  it('blocks the card only after the confirmation, then says so and refreshes the list', async () => {
    let open = [flagWith()];
    const sent = serve([]);
    server.use(
      http.get(api(FLAGS), () => HttpResponse.json<RiskFlagList>({ items: open, openCount: open.length })),
      http.post(api(`${FLAGS}/${FLAG_ID}/block-card`), () => {
        open = [];
        return HttpResponse.json<RiskFlagItem>(flagWith({ status: 'CARD_BLOCKED', card: { uid: 'ACME00000001', status: 'BLOCKED' } }));
      }),
    );
    const { user } = renderPage();
    await user.click(within(await table()).getByRole('button', { name: 'Block card ACME00000001' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Block card ACME00000001?' });
    expect(dialog).toHaveTextContent('The card can no longer earn or redeem until it is unblocked on the Cards page.');
    expect(sent.to('POST', `${FLAGS}/${FLAG_ID}/block-card`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', `${FLAGS}/${FLAG_ID}/block-card`)).toHaveLength(0);

    await user.click(within(await table()).getByRole('button', { name: 'Block card ACME00000001' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Block card' }));
    expect(await screen.findByText('Card ACME00000001 blocked')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(sent.to('POST', `${FLAGS}/${FLAG_ID}/block-card`)).toHaveLength(1);
  });

  it('shows the server’s message when the flag was already reviewed (409)', async () => {
    serve([flagWith()]);
    const conflict = () => HttpResponse.json({ error: 'This flag was already reviewed', code: 'CONFLICT' }, { status: 409 });
    server.use(http.post(api(`${FLAGS}/${FLAG_ID}/dismiss`), conflict), http.post(api(`${FLAGS}/${FLAG_ID}/block-card`), conflict));
    const { user } = renderPage();
    await user.click(within(await table()).getByRole('button', { name: 'Dismiss the flag of card ACME00000001' }));
    expect(await screen.findByText('This flag was already reviewed')).toBeInTheDocument();

    await user.click(within(await table()).getByRole('button', { name: 'Block card ACME00000001' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Block card ACME00000001?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block card' }));
    expect(await within(dialog).findByText('This flag was already reviewed')).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api(CONFLICTS), () => HttpResponse.json<SyncConflictList>({ items: [], openCount: 0 })),
      http.get(api(FLAGS), () =>
        fail ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json<RiskFlagList>({ items: [], openCount: 0 }),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load the Review list')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
  });

  it('has no serious or critical axe finding, on the list and in the confirmation', async () => {
    serve([flagWith()]);
    const { user } = renderPage();
    await table();
    await expectNoSeriousAxeFindings(document.body);
    await user.click(within(await table()).getByRole('button', { name: 'Block card ACME00000001' }));
    await expectNoSeriousAxeFindings(await screen.findByRole('alertdialog'));
  });
});

/** axe-core's WCAG 2.1 A and AA rules on `root` as rendered; a serious or critical finding fails (contrast is the browser tests'). */
async function expectNoSeriousAxeFindings(root: HTMLElement) {
  const result = await axe.run(root, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
