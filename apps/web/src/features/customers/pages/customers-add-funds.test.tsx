import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AddFundsRequest, CheckoutUrlResponse, CustomerDetail, CustomerListResponse } from '@loyalty/contract';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CustomersPage } from './customers-page';

const ADA: CustomerDetail = {
  id: '44444444-4444-4444-8444-444444444444',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 555 0100',
  tier: 'GOLD',
  totalSpendCents: 250_000,
  activeCards: 1,
  referralCode: '7K3M9PQR',
  birthday: null,
  createdAt: '2026-01-05T12:00:00.000Z',
  cards: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      cardUid: 'ACME0001',
      balanceCents: 1250,
      status: 'ACTIVE',
      storeName: 'Main Street',
      activatedAt: '2026-01-05T12:00:00.000Z',
    },
    { id: '88888888-8888-4888-8888-888888888888', cardUid: 'ACME0009', balanceCents: 0, status: 'BLOCKED', storeName: null, activatedAt: null },
  ],
};
const ADD_FUNDS = `/t/acme/customers/${ADA.id}/add-funds`;
const CHECKOUT = '/t/acme/checkout/chk_1';

/** The server: the tenant (demo payments), the list with Ada, and Ada's details with `detail`'s cards. */
function serve(detail: CustomerDetail = ADA) {
  const { cards: _cards, ...row } = ADA;
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api('/t/acme/customers'), () => HttpResponse.json<CustomerListResponse>({ customers: [row], total: 1, pages: 1 })),
    http.get(api(`/t/acme/customers/${ADA.id}`), () => HttpResponse.json(detail)),
  );
  return recordRequests();
}

/** The Customers page, with the checkout page as a plain marker, so a redirect to it can be seen. */
function renderPage(entry = '/t/acme/customers') {
  return renderRoutes(
    [
      { path: '/t/:slug/customers', element: <CustomersPage /> },
      { path: '/t/:slug/checkout/:id', element: <p>Checkout page</p> },
    ],
    entry,
    { session: { user: userOf('tenant_admin'), tenant: ACME } },
  );
}

async function openAddFunds() {
  const sent = serve();
  const view = renderPage();
  await view.user.click((await screen.findAllByRole('button', { name: 'View Ada Lovelace' }))[0]);
  const details = await screen.findByRole('dialog', { name: 'Customer Details' });
  const cards = await within(details).findByRole('list', { name: 'Loyalty cards' });
  expect(within(cards).getAllByTestId('card-balance')[0]).toHaveTextContent('$12.50');
  expect(within(cards).queryByRole('button', { name: 'Add Funds to card ACME0009' })).not.toBeInTheDocument(); // blocked
  await view.user.click(within(cards).getByRole('button', { name: 'Add Funds to card ACME0001' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Funds to Card' });
  const amount = within(dialog).getByLabelText('Amount');
  const submit = () => view.user.click(within(dialog).getByRole('button', { name: 'Continue to payment' }));
  return { ...view, sent, dialog, amount, submit };
}

describe('Customers page: adding funds to a card', () => {
  it('shows the card and its balance, and refuses amounts outside $1.00–$1,000.00 without asking the server', async () => {
    const { user, sent, dialog, amount, submit } = await openAddFunds();
    expect(dialog).toHaveTextContent("Top up Ada Lovelace's card. The customer pays on the next page.");
    expect(dialog).toHaveTextContent('ACME0001');
    expect(dialog).toHaveTextContent('Current balance $12.50');
    expect(dialog).toHaveTextContent(/Demo payments: no money is taken/);

    for (const typed of ['0.99', '1000.01', 'ten']) {
      await user.clear(amount);
      await user.type(amount, typed);
      await submit();
      expect(amount).toHaveAccessibleDescription('Amount must be between $1.00 and $1,000.00');
    }
    expect(sent.to('POST', ADD_FUNDS)).toHaveLength(0);
  });

  it('sends the amount in cents for that card with an Idempotency-Key, then goes to the checkout', async () => {
    server.use(http.post(api(ADD_FUNDS), () => HttpResponse.json<CheckoutUrlResponse>({ checkoutUrl: CHECKOUT })));
    const { user, sent, amount, submit, router } = await openAddFunds();
    await user.type(amount, '25.50');
    await submit();
    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CHECKOUT);
    const [request] = sent.to('POST', ADD_FUNDS);
    expect(request.body).toEqual({ amountCents: 2550, cardId: ADA.cards[0].id } satisfies AddFundsRequest);
    expect(request.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a refusal in the dialog, and retries the same request with the same Idempotency-Key', async () => {
    let calls = 0;
    server.use(
      http.post(api(ADD_FUNDS), () => {
        calls += 1;
        if (calls === 1) return HttpResponse.json({ error: 'upstream' }, { status: 502 });
        if (calls === 2) return HttpResponse.json({ error: 'Card is not active', code: 'CONFLICT' }, { status: 409 });
        return HttpResponse.json<CheckoutUrlResponse>({ checkoutUrl: CHECKOUT });
      }),
    );
    const { user, sent, dialog, amount, submit } = await openAddFunds();
    await user.type(amount, '10');
    await submit();
    expect(await within(dialog).findByText('Failed to create payment session. Please try again.')).toBeInTheDocument();
    await submit();
    expect(await within(dialog).findByText('Card is not active')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add Funds to Card' })).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '11');
    await submit();
    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    const [first, retry, changed] = sent.to('POST', ADD_FUNDS);
    expect(retry.headers.get('Idempotency-Key')).toBe(first.headers.get('Idempotency-Key'));
    expect(changed.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
    expect(changed.body).toMatchObject({ amountCents: 1100 });
  });

  it('welcomes the return from a paid checkout and reopens the customer with the new balance', async () => {
    serve({ ...ADA, cards: [{ ...ADA.cards[0], balanceCents: 3800 }] });
    const { router } = renderPage(`/t/acme/customers?funds=added&customer=${ADA.id}`);
    expect(await screen.findByText('Funds added to the card.')).toBeInTheDocument();
    const details = await screen.findByRole('dialog', { name: 'Customer Details' });
    await waitFor(() => expect(within(details).getAllByTestId('card-balance')[0]).toHaveTextContent('$38.00'));
    expect(router.state.location.search).toBe('');
  });

  it('says nothing was added after a canceled checkout', async () => {
    serve();
    renderPage(`/t/acme/customers?funds=canceled&customer=${ADA.id}`);
    expect(await screen.findByText('Payment canceled. No funds were added.')).toBeInTheDocument();
  });
});
