import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RefundResponse, StoreListResponse, TransactionItem, TransactionListResponse, VoidResponse } from '@loyalty/contract';
import { expectConsole } from '@/test/console';
import { ACME, STORE_ID, transactionWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { TransactionsPage } from './transactions-page';

const LIST = '/t/acme/transactions';

const STORES: StoreListResponse = {
  stores: [
    {
      id: STORE_ID,
      name: 'Main Street',
      address: null,
      active: true,
      selfEnrolment: false,
      selfEnrolmentDailyCap: 50,
      createdAt: '2026-01-01T00:00:00.000Z',
      _count: { users: 1, cards: 3, transactions: 2 },
    },
  ],
};

const EARN_ROW = transactionWith();
const REDEEM_ROW = transactionWith({
  id: '66666666-6666-4666-8666-666666666666',
  customerName: 'Grace Hopper',
  cardUid: 'ACME0002',
  type: 'REDEEM',
  category: null,
  amountCents: 700,
  cashbackCents: 0,
  beforeBalanceCents: 1200,
  afterBalanceCents: 500,
});

/** The server: the stores, and `rows` as the list's answer (whatever the query). */
function serve(rows: TransactionItem[] = [EARN_ROW, REDEEM_ROW]) {
  server.use(
    http.get(api('/t/acme/stores'), () => HttpResponse.json(STORES)),
    http.get(api(LIST), () => HttpResponse.json<TransactionListResponse>({ transactions: rows, total: rows.length, pages: rows.length > 0 ? 1 : 0 })),
  );
  return recordRequests();
}

function renderPage(route = '/t/acme/transactions') {
  return renderWithProviders(<TransactionsPage />, {
    route,
    path: '/t/:slug/transactions',
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
}

/** The query of the last list request. */
const lastQuery = (sent: ReturnType<typeof recordRequests>) => Object.fromEntries(sent.to('GET', LIST).at(-1)?.query ?? []);

describe('Transactions page: the list and its filters', () => {
  it('lists the movements with amounts, cashback and the balance change, asking for page 1 of 50', async () => {
    const sent = serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const earn = within(table).getByText('Ada Lovelace').closest('tr') as HTMLElement;
    expect(earn).toHaveTextContent('ACME0001');
    expect(earn).toHaveTextContent('$50.00');
    expect(earn).toHaveTextContent('$1.00');
    expect(earn).toHaveTextContent('Purchase');
    const redeem = within(table).getByText('Grace Hopper').closest('tr') as HTMLElement;
    expect(redeem).toHaveTextContent('$12.00');
    expect(redeem).toHaveTextContent('$5.00');
    expect(screen.getByTestId('pagination-summary')).toHaveTextContent('Showing 1 to 2 of 2 results');
    expect(lastQuery(sent)).toEqual({ page: '1', limit: '50' });
  });

  it('shows a bonus as Bonus with its reason in the category’s place, credited to the card, and filters by it', async () => {
    const bonus = transactionWith({
      id: '77777777-7777-4777-8777-777777777777',
      type: 'BONUS',
      category: null,
      reason: 'REFERRAL',
      amountCents: 500,
      cashbackCents: 0,
      beforeBalanceCents: 100,
      afterBalanceCents: 600,
    });
    const sent = serve([bonus]);
    const { user } = renderPage();
    const row = within(await screen.findByRole('table', { name: 'Transactions' }))
      .getByText('Ada Lovelace')
      .closest('tr') as HTMLElement;
    expect(within(row).getByText('Bonus')).toHaveAttribute('data-color', 'yellow');
    expect(within(row).getByText('Referral bonus')).toBeVisible();
    expect(row).toHaveTextContent('+$5.00');
    expect(row).toHaveTextContent('$6.00');
    expect(within(row).queryByRole('button', { name: /refund|void/i })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /filters/i, expanded: false }));
    await user.selectOptions(within(screen.getByRole('region', { name: 'Filters' })).getByLabelText('Type'), 'Bonus');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ type: 'BONUS' }));
  });

  it('sends the type, dates and store chosen in the filter panel, and the search typed', async () => {
    const sent = serve();
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Transactions' });

    await user.click(screen.getByRole('button', { name: /filters/i, expanded: false }));
    const panel = screen.getByRole('region', { name: 'Filters' });
    await user.selectOptions(within(panel).getByLabelText('Type'), 'Redeem');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ type: 'REDEEM' }));
    fireEvent.change(within(panel).getByLabelText('From date'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(panel).getByLabelText('To date'), { target: { value: '2026-11-30' } });
    await user.selectOptions(await within(panel).findByLabelText('Store'), 'Main Street');
    await waitFor(() =>
      expect(lastQuery(sent)).toEqual({ type: 'REDEEM', from: '2026-11-01', to: '2026-11-30', storeFilter: STORE_ID, page: '1', limit: '50' }),
    );
    expect(screen.getByLabelText('4 set')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search transactions' }), '  grace ');
    await waitFor(() => expect(lastQuery(sent)).toMatchObject({ search: 'grace', type: 'REDEEM' }));
  });

  it('flags a to date before the from date', async () => {
    serve();
    const { user } = renderPage('/t/acme/transactions?from=2026-11-10&to=2026-11-01');
    await screen.findByRole('table', { name: 'Transactions' });
    const panel = screen.getByRole('region', { name: 'Filters' }); // a filtered address opens the panel
    expect(within(panel).getByText('The to date is before the from date')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /clear filters/i }));
    expect(within(panel).queryByText('The to date is before the from date')).not.toBeInTheDocument();
  });

  it('says there are no transactions yet and links to the POS Terminal', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No transactions yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /open pos terminal/i })).toHaveAttribute('href', '/t/acme/pos');
  });

  it('says nothing matches a filtered view, and Clear Filters asks for everything again', async () => {
    const sent = serve([]);
    const { user } = renderPage('/t/acme/transactions?type=VOID');
    expect(await screen.findByText('No transactions found matching your criteria')).toBeInTheDocument();
    expect(lastQuery(sent)).toMatchObject({ type: 'VOID' });
    const clear = screen.getAllByRole('button', { name: /clear filters/i });
    await user.click(clear[clear.length - 1]);
    await waitFor(() => expect(lastQuery(sent)).toEqual({ page: '1', limit: '50' }));
  });

  it('offers Try again when the list cannot be loaded, and shows the rows once it can', async () => {
    expectConsole('error', 'Failed to load transactions:');
    let fail = true;
    server.use(
      http.get(api('/t/acme/stores'), () => HttpResponse.json(STORES)),
      http.get(api(LIST), () =>
        fail
          ? HttpResponse.json({ error: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json<TransactionListResponse>({ transactions: [EARN_ROW], total: 1, pages: 1 }),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Transactions could not be loaded right now.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('table', { name: 'Transactions' })).toHaveTextContent('Ada Lovelace');
  });
});

describe('Transactions page: refund and void', () => {
  const REFUND = `/t/acme/transactions/${EARN_ROW.id}/refund`;
  const VOID = `/t/acme/transactions/${REDEEM_ROW.id}/void`;

  async function openAction(label: string) {
    const sent = serve();
    const view = renderPage();
    await screen.findByRole('table', { name: 'Transactions' });
    await view.user.click(screen.getAllByRole('button', { name: label })[0]);
    return { ...view, sent, dialog: await screen.findByRole('dialog') };
  }

  it('asks to confirm a refund of what is left of the purchase, refuses more, and shows the server’s refusal', async () => {
    server.use(http.post(api(REFUND), () => HttpResponse.json({ error: 'Card is blocked', code: 'CARD_NOT_ACTIVE' }, { status: 422 })));
    const { user, sent, dialog } = await openAction('Refund transaction of ACME0001');
    expect(within(dialog).getByRole('heading', { name: 'Refund purchase' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('$50.00 purchase on card ACME0001. The cashback it earned comes back out in proportion.');
    const amount = within(dialog).getByLabelText('Amount refunded');
    expect(amount).toHaveValue('50.00');

    await user.clear(amount);
    await user.type(amount, '50.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(within(dialog).getByText('Refund exceeds the remaining purchase amount')).toBeInTheDocument();
    expect(sent.to('POST', REFUND)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'returned mug');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Card is blocked')).toBeInTheDocument();
    const [request] = sent.to('POST', REFUND);
    expect(request.body).toEqual({ amountCents: 2000, reason: 'returned mug' });
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refunds, closes the dialog, confirms what was clawed back and reloads the list', async () => {
    server.use(
      http.post(api(REFUND), () =>
        HttpResponse.json<RefundResponse>({
          transactionId: 't-refund',
          refundedAmountCents: 5000,
          clawedBackCents: 100,
          unrecoveredCents: 0,
          remainingAmountCents: 0,
          newBalanceCents: 0,
          tier: 'SILVER',
        }),
      ),
    );
    const { user, sent, dialog } = await openAction('Refund transaction of ACME0001');
    const listCalls = sent.to('GET', LIST).length;
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Refunded $50.00; $1.00 cashback clawed back')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(sent.to('GET', LIST).length).toBeGreaterThan(listCalls));
    expect(sent.to('POST', REFUND)[0].body).toEqual({ amountCents: 5000 });
  });

  it('asks why a redemption is voided (at least 3 characters) and shows the server’s refusal', async () => {
    server.use(http.post(api(VOID), () => HttpResponse.json({ error: 'Transaction already voided', code: 'CONFLICT' }, { status: 409 })));
    const { user, sent, dialog } = await openAction('Void transaction of ACME0002');
    expect(within(dialog).getByRole('heading', { name: 'Void redemption' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('$7.00 goes back to card ACME0002.');

    await user.type(within(dialog).getByLabelText(/^Reason/), 'no');
    await user.click(within(dialog).getByRole('button', { name: 'Void redemption' }));
    expect(within(dialog).getByText('Reason must be at least 3 characters')).toBeInTheDocument();
    expect(sent.to('POST', VOID)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Reason/), 't charged');
    await user.click(within(dialog).getByRole('button', { name: 'Void redemption' }));
    expect(await within(dialog).findByText('Transaction already voided')).toBeInTheDocument();
    expect(sent.to('POST', VOID)[0].body).toEqual({ reason: 'not charged' });
  });

  it('voids, then says how much went back on the card', async () => {
    server.use(http.post(api(VOID), () => HttpResponse.json<VoidResponse>({ transactionId: 't-void', restoredCents: 700, newBalanceCents: 1200 })));
    const { user, dialog } = await openAction('Void transaction of ACME0002');
    await user.type(within(dialog).getByLabelText(/^Reason/), 'customer changed mind');
    await user.click(within(dialog).getByRole('button', { name: 'Void redemption' }));
    expect(await screen.findByText('Redemption voided: $7.00 back on the card')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes the dialog on Cancel without sending anything', async () => {
    const { user, sent, dialog } = await openAction('Void transaction of ACME0002');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.all.filter((r) => r.method === 'POST')).toHaveLength(0);
  });
});
