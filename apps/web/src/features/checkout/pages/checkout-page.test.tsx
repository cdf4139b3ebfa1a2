import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CheckoutView } from '@loyalty/contract';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CheckoutPage } from './checkout-page';

const CHECKOUT = '/t/acme/checkout/chk_1';
const RETURN = '/t/acme/customers?funds=added&customer=c1';
const CANCEL = '/t/acme/customers?funds=canceled&customer=c1';

function view(overrides: Partial<CheckoutView> = {}): CheckoutView {
  return {
    id: 'chk_1',
    kind: 'ADD_FUNDS',
    status: 'OPEN',
    amountCents: 2550,
    description: 'Add funds to card ACME0001',
    returnUrl: RETURN,
    cancelUrl: CANCEL,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The server: the tenant (demo payments) and the checkout as `checkout`. */
function serve(checkout: CheckoutView = view()) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api(CHECKOUT), () => HttpResponse.json(checkout)),
  );
  return recordRequests();
}

/** The checkout page, with the pages it returns to as plain markers. */
function renderPage() {
  return renderRoutes(
    [
      { path: '/t/:slug/checkout/:id', element: <CheckoutPage /> },
      { path: '/t/:slug/customers', element: <p>Customers page</p> },
      { path: '/t/:slug/dashboard', element: <p>Dashboard page</p> },
    ],
    CHECKOUT,
    { session: { user: userOf('tenant_admin'), tenant: ACME } },
  );
}

describe('Demo checkout page', () => {
  it('shows what is paid and how much, and that the demo provider takes no money', async () => {
    serve();
    renderPage();
    expect(await screen.findByTestId('checkout-description')).toHaveTextContent('Add funds to card ACME0001');
    expect(screen.getByTestId('checkout-amount')).toHaveTextContent('$25.50');
    expect(screen.getByText('Add funds to a card')).toBeInTheDocument();
    expect(screen.getByTestId('demo-badge')).toHaveTextContent('Demo checkout');
    expect(await screen.findByText(/Demo payments: no money is taken/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $25.50' })).toBeEnabled();
  });

  it('pays, then returns to the address the checkout names', async () => {
    const sent = serve();
    server.use(http.post(api(`${CHECKOUT}/pay`), () => HttpResponse.json(view({ status: 'COMPLETED' }))));
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pay $25.50' }));
    expect(await screen.findByText('Customers page')).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(RETURN);
    expect(sent.to('POST', `${CHECKOUT}/pay`)).toHaveLength(1);
    expect(sent.to('POST', `${CHECKOUT}/cancel`)).toHaveLength(0);
  });

  it('cancels, then returns to the cancel address', async () => {
    const sent = serve();
    server.use(http.post(api(`${CHECKOUT}/cancel`), () => HttpResponse.json(view({ status: 'CANCELED' }))));
    const { user, router } = renderPage();
    await screen.findByRole('button', { name: 'Pay $25.50' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Customers page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?funds=canceled&customer=c1');
    expect(sent.to('POST', `${CHECKOUT}/pay`)).toHaveLength(0);
  });

  it('shows the server’s refusal in the panel and stays', async () => {
    serve();
    server.use(http.post(api(`${CHECKOUT}/pay`), () => HttpResponse.json({ error: 'This card is no longer active' }, { status: 409 })));
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pay $25.50' }));
    expect(await screen.findByText('This card is no longer active')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(CHECKOUT);
  });

  it('says a paid checkout is already paid, and offers to continue', async () => {
    serve(view({ status: 'COMPLETED' }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This checkout is already paid' })).toBeInTheDocument();
    expect(screen.getByText('Add funds to card ACME0001 · $25.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', RETURN);
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('says a canceled checkout took no payment', async () => {
    serve(view({ status: 'CANCELED', kind: 'CARD_ORDER', description: 'Printed cards: 500', amountCents: 20_000 }));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This checkout was canceled' })).toBeInTheDocument();
    expect(screen.getByText(/No payment was made\. Printed cards: 500 · \$200\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return' })).toHaveAttribute('href', CANCEL);
  });

  it('says an unknown payment link is not valid', async () => {
    server.use(http.get(api(CHECKOUT), () => HttpResponse.json({ error: 'Checkout not found' }, { status: 404 })));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByText('This payment link is not valid or belongs to another account.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/t/acme/dashboard'));
  });
});
