import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { OFFLINE_MOVEMENT_TEXT, type RiskFlagList, type SyncConflictItem, type SyncConflictList } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { ACME, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { ReviewPage } from './review-page';

const CONFLICTS = '/t/acme/sync-conflicts';
const CONFLICT_ID = '77777777-7777-4777-8777-777777777777';

/** An open conflict: Sam Cashier's offline earn of $15.00 on ACME00000001 at 3:15 PM, refused at 4:02 PM because the card was blocked meanwhile. */
function conflictWith(overrides: Partial<SyncConflictItem> = {}): SyncConflictItem {
  return {
    id: CONFLICT_ID,
    kind: 'EARN',
    cardUid: 'ACME00000001',
    amountCents: 1500,
    occurredAt: '2026-11-27T15:15:00.000Z',
    receivedAt: '2026-11-27T16:02:00.000Z',
    code: 'CARD_NOT_ACTIVE',
    message: 'This card is blocked',
    staff: { id: 'u1', name: 'Sam Cashier' },
    store: { id: 's1', name: 'Main Street' },
    status: 'OPEN',
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  };
}

/** The server: no flag; the conflicts `open` for ?status=OPEN and `all` for ?status=ALL; records what the page sends. */
function serve(open: SyncConflictItem[], all: SyncConflictItem[] = open) {
  server.use(
    http.get(api('/t/acme/risk/flags'), () => HttpResponse.json<RiskFlagList>({ items: [], openCount: 0 })),
    http.get(api(CONFLICTS), ({ request }) => {
      const items = new URL(request.url).searchParams.get('status') === 'ALL' ? all : open;
      return HttpResponse.json<SyncConflictList>({ items, openCount: open.length });
    }),
  );
  return recordRequests();
}

/** The Review page at `route` (its Sync conflicts by default) in a data router, so the test can read the address. */
function renderPage(route = '/t/acme/review?view=conflicts') {
  return renderRoutes([{ path: '/t/:slug/review', element: <ReviewPage /> }], route, { session: { user: userOf('tenant_admin'), tenant: ACME } });
}

const table = () => screen.findByRole('table', { name: 'Sync conflicts' });
const rowsOf = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

/** What each refusal code tells the Store Admin to do. */
const ADVICE: Record<string, string> = {
  CARD_NOT_ACTIVE:
    'The card was blocked before this synced. If the sale was genuine, credit the customer with an adjustment on another card or unblock the card first.',
  INSUFFICIENT_BALANCE: 'The balance was spent before this synced. The customer got the discount at the till; recover it or write it off with an adjustment.',
  VELOCITY_LIMIT: 'It crossed a velocity limit. Check the card on the Review list, then adjust the balance if the sale was genuine.',
  BUSINESS_RULE: 'It was over your offline caps or offline redemptions were off. Settle it with the customer, then adjust if needed.',
  NOT_FOUND: 'Check the card and settle it with an adjustment if needed.',
};

describe('Review page: Sync conflicts', () => {
  it('lists the open conflicts: movement, card, when it happened and arrived, staff, store, reason, what to do and status', async () => {
    const sent = serve([
      conflictWith(),
      conflictWith({
        id: 'c2',
        kind: 'REDEEM',
        cardUid: 'ACME00000002',
        amountCents: 505,
        code: 'INSUFFICIENT_BALANCE',
        message: 'Insufficient balance',
        staff: null,
        store: null,
      }),
    ]);
    renderPage();
    expect(screen.getByRole('tab', { name: 'Sync conflicts' })).toHaveAttribute('aria-selected', 'true');
    const rows = await rowsOf();
    expect(rows).toHaveLength(2);
    expect(sent.to('GET', CONFLICTS)[0].query.get('status')).toBe('OPEN');

    expect(rows[0]).toHaveTextContent('Earn $15.00');
    expect(within(rows[0]).getByRole('link', { name: 'Card ACME00000001 on the Cards page' })).toHaveAttribute('href', '/t/acme/cards?search=ACME00000001');
    expect(rows[0]).toHaveTextContent(`Happened ${formatDateTime('2026-11-27T15:15:00.000Z')}`);
    expect(rows[0]).toHaveTextContent(`Arrived ${formatDateTime('2026-11-27T16:02:00.000Z')}`);
    expect(rows[0]).toHaveTextContent('Sam Cashier');
    expect(rows[0]).toHaveTextContent('Main Street');
    expect(rows[0]).toHaveTextContent('This card is blocked');
    expect(rows[0]).toHaveTextContent(`What to do: ${ADVICE.CARD_NOT_ACTIVE}`);
    expect(rows[0]).toHaveTextContent('Open');
    expect(within(rows[0]).getByRole('button', { name: 'Mark the conflict on card ACME00000001 resolved' })).toBeEnabled();

    expect(rows[1]).toHaveTextContent('Redemption $5.05');
    expect(rows[1]).toHaveTextContent('No staff member');
    expect(rows[1]).toHaveTextContent('No store');
    expect(rows[1]).toHaveTextContent(`What to do: ${ADVICE.INSUFFICIENT_BALANCE}`);
    expect(screen.getByText('2 open conflicts')).toBeVisible();
    expect(screen.getByText('0 open flags')).toBeVisible();
  });

  it('says what to do for every refusal code, and something general for any other', async () => {
    const codes = Object.keys(ADVICE);
    serve(codes.map((code, i) => conflictWith({ id: `c${i}`, cardUid: `ACME0000001${i}`, code, message: `Refused: ${code}` })));
    renderPage();
    const rows = await rowsOf();
    codes.forEach((code, i) => expect(rows[i]).toHaveTextContent(`What to do: ${ADVICE[code]}`));
  });

  it('tells a movement that arrived over 72 hours late by its message', async () => {
    serve([conflictWith({ code: 'BUSINESS_RULE', message: OFFLINE_MOVEMENT_TEXT.tooOld })]);
    renderPage();
    const [row] = await rowsOf();
    expect(row).toHaveTextContent('What to do: It reached us more than 72 hours after it happened. Credit it with an adjustment if the sale was genuine.');
  });

  it('shows every conflict with who resolved it under All conflicts, kept in the address', async () => {
    const resolved = conflictWith({ id: 'c9', cardUid: 'ACME00000009', status: 'RESOLVED', resolvedAt: '2026-11-28T09:00:00.000Z', resolvedBy: 'Alex Owner' });
    const sent = serve([], [resolved]);
    const { user, router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No sync conflicts' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'All conflicts');
    await waitFor(() => expect(sent.to('GET', CONFLICTS).map((r) => r.query.get('status'))).toContain('ALL'));
    const row = await screen.findByRole('row', { name: /ACME00000009/ });
    expect(row).toHaveTextContent('Resolved');
    expect(row).toHaveTextContent(`By Alex Owner, ${formatDateTime('2026-11-28T09:00:00.000Z')}`);
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=conflicts&status=all');
  });

  it('says there is no conflict when none is open', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No sync conflicts' })).toBeInTheDocument();
    expect(screen.getByText('Movements made offline that the server refuses appear here.')).toBeInTheDocument();
    expect(screen.getByText('0 open conflicts')).toBeVisible();
  });

  it('marks a conflict resolved only after the confirmation, then says so and refreshes the list', async () => {
    let open = [conflictWith()];
    const sent = serve([]);
    server.use(
      http.get(api(CONFLICTS), () => HttpResponse.json<SyncConflictList>({ items: open, openCount: open.length })),
      http.post(api(`${CONFLICTS}/${CONFLICT_ID}/resolve`), () => {
        open = [];
        return HttpResponse.json<SyncConflictItem>(conflictWith({ status: 'RESOLVED', resolvedAt: '2026-11-28T09:00:00.000Z', resolvedBy: 'Sam Acme' }));
      }),
    );
    const { user } = renderPage();
    const mark = async () => user.click(within(await table()).getByRole('button', { name: 'Mark the conflict on card ACME00000001 resolved' }));

    await mark();
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark this conflict resolved?' });
    expect(dialog).toHaveTextContent('Do this after you have settled it.');
    expect(dialog).toHaveTextContent('Earn $15.00 on card ACME00000001: This card is blocked');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', `${CONFLICTS}/${CONFLICT_ID}/resolve`)).toHaveLength(0);

    await mark();
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark resolved' }));
    expect(await screen.findByText('Conflict on card ACME00000001 marked resolved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'No sync conflicts' })).toBeInTheDocument();
    expect(sent.to('POST', `${CONFLICTS}/${CONFLICT_ID}/resolve`)).toHaveLength(1);
  });

  it('shows the server’s message in the confirmation when the conflict was already resolved (409)', async () => {
    serve([conflictWith()]);
    server.use(
      http.post(api(`${CONFLICTS}/${CONFLICT_ID}/resolve`), () =>
        HttpResponse.json({ error: 'This conflict was already resolved', code: 'CONFLICT' }, { status: 409 }),
      ),
    );
    const { user } = renderPage();
    await user.click(within(await table()).getByRole('button', { name: 'Mark the conflict on card ACME00000001 resolved' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark this conflict resolved?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(dialog).findByText('This conflict was already resolved')).toBeInTheDocument();
  });

  it('says when the conflicts cannot be loaded, and loads them again on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api('/t/acme/risk/flags'), () => HttpResponse.json<RiskFlagList>({ items: [], openCount: 0 })),
      http.get(api(CONFLICTS), () =>
        fail
          ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 })
          : HttpResponse.json<SyncConflictList>({ items: [], openCount: 0 }),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load the sync conflicts')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No sync conflicts' })).toBeInTheDocument();
  });

  it('switches between the flags and the conflicts with the tabs, keeping the view in the address', async () => {
    serve([conflictWith()]);
    const { user, router } = renderPage('/t/acme/review');
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(await screen.findByText('1 open conflict')).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Sync conflicts' }));
    expect(await table()).toHaveTextContent('This card is blocked');
    expect(router.state.location.search).toBe('?view=conflicts');
    await user.click(screen.getByRole('tab', { name: 'Flags' }));
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('has no serious or critical axe finding, on the list and in the confirmation', async () => {
    serve([conflictWith()]);
    const { user } = renderPage();
    await table();
    await expectNoSeriousAxeFindings(document.body);
    await user.click(within(await table()).getByRole('button', { name: 'Mark the conflict on card ACME00000001 resolved' }));
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
