import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardOrder, CardOrderListResponse, CheckoutUrlResponse, CreateCardOrderRequest } from '@loyalty/contract';
import { CARD_ORDER_PRICING } from '@loyalty/domain';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CardOrdersPage } from './card-orders-page';

const ORDERS = '/t/acme/card-orders';
const CHECKOUT = '/t/acme/card-orders/checkout';

const ADDRESS: CreateCardOrderRequest['shippingAddress'] = {
  name: 'Acme Coffee',
  line1: '1 Main Street',
  line2: '',
  city: 'Springfield',
  state: '',
  postalCode: '12345',
  country: 'United States',
};

function order(overrides: Partial<CardOrder> = {}): CardOrder {
  return {
    id: 'order-1',
    cardType: 'SINGLE_SIDED',
    quantity: 500,
    unitPriceCents: 40,
    totalCents: 20_000,
    shippingAddress: ADDRESS,
    status: 'PENDING_PAYMENT',
    paidAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The server: the price list, the tenant (demo payments) and `orders`. */
function serve(orders: CardOrder[] = []) {
  server.use(
    http.get(api('/card-orders/pricing'), () => HttpResponse.json(CARD_ORDER_PRICING)),
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api(ORDERS), () => HttpResponse.json<CardOrderListResponse>({ orders })),
  );
  return recordRequests();
}

function renderPage(entry = '/t/acme/card-orders') {
  return renderRoutes(
    [
      { path: '/t/:slug/card-orders', element: <CardOrdersPage /> },
      { path: '/t/:slug/checkout/:id', element: <p>Checkout page</p> },
    ],
    entry,
    { session: { user: userOf('tenant_admin'), tenant: ACME } },
  );
}

async function fillAddress(user: ReturnType<typeof renderPage>['user']) {
  await user.type(screen.getByLabelText(/^Recipient name/), ADDRESS.name);
  await user.type(screen.getAllByLabelText(/^Address/)[0], ADDRESS.line1); // 'Address', then 'Address line 2'
  await user.type(screen.getByLabelText(/^City/), ADDRESS.city);
  await user.type(screen.getByLabelText(/^Postal code/), ADDRESS.postalCode);
}

describe('Card Orders page: ordering printed cards', () => {
  it('prices the order live from the price list as the quantity and the card kind change', async () => {
    serve();
    const { user } = renderPage();
    const quantity = await screen.findByLabelText(/^Number of cards/);
    expect(quantity).toHaveValue(100);
    expect(screen.getByTestId('unit-price')).toHaveTextContent('$0.50');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$50.00');

    await user.clear(quantity);
    await user.type(quantity, '500');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('$0.40');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$200.00');

    await user.click(within(screen.getByTestId('card-type-DOUBLE_SIDED_CUSTOM')).getByRole('radio'));
    const double = CARD_ORDER_PRICING.cardTypes[1];
    const unit = [...double.tiers].reverse().find((t) => 500 >= t.minQuantity)!.unitPriceCents;
    expect(screen.getByTestId('order-total')).toHaveTextContent(`$${((unit * 500) / 100).toFixed(2)}`);

    await user.clear(quantity);
    await user.type(quantity, '10');
    expect(screen.getByTestId('order-total')).toHaveTextContent('—');
  });

  it('explains a bad quantity and a missing address on their fields, and sends nothing', async () => {
    const sent = serve();
    const { user } = renderPage();
    const quantity = await screen.findByLabelText(/^Number of cards/);
    await user.clear(quantity);
    await user.type(quantity, '20000');
    await user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(quantity).toHaveAccessibleDescription('Quantity must be between 50 and 10,000');
    expect(screen.getByLabelText(/^Recipient name/)).toHaveAccessibleDescription('Recipient name is required');
    expect(screen.getByLabelText(/^City/)).toHaveAccessibleDescription('City is required');
    expect(sent.all.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('creates the order, starts its checkout and goes there', async () => {
    server.use(
      http.post(api(ORDERS), () => HttpResponse.json(order({ id: 'order-9', quantity: 100, unitPriceCents: 50, totalCents: 5000 }), { status: 201 })),
      http.post(api(CHECKOUT), () => HttpResponse.json<CheckoutUrlResponse>({ checkoutUrl: '/t/acme/checkout/chk_9' })),
    );
    const sent = serve();
    const { user, router } = renderPage();
    await screen.findByLabelText(/^Number of cards/);
    expect((await screen.findAllByText(/Demo payments: no money is taken/)).length).toBeGreaterThan(0);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Order and pay' }));

    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/acme/checkout/chk_9');
    expect(sent.to('POST', ORDERS)[0].body).toEqual({ cardType: 'SINGLE_SIDED', quantity: 100, shippingAddress: ADDRESS } satisfies CreateCardOrderRequest);
    expect(sent.to('POST', CHECKOUT)[0].body).toEqual({ orderId: 'order-9' });
  });

  it('says when the order was saved but its payment could not start', async () => {
    server.use(
      http.post(api(ORDERS), () => HttpResponse.json(order({ id: 'order-9' }), { status: 201 })),
      http.post(api(CHECKOUT), () => HttpResponse.json({ error: 'Payment provider unavailable' }, { status: 503 })),
    );
    serve();
    const { user } = renderPage();
    await screen.findByLabelText(/^Number of cards/);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByText('Your order was saved, but the payment could not start')).toBeInTheDocument();
    expect(screen.getByText(/Payment provider unavailable Use 'Pay now' on the order below\./)).toBeInTheDocument();
  });

  it('shows a refused order’s reason in the form', async () => {
    server.use(http.post(api(ORDERS), () => HttpResponse.json({ error: 'Card orders are not available for this account' }, { status: 403 })));
    serve();
    const { user } = renderPage();
    await screen.findByLabelText(/^Number of cards/);
    await fillAddress(user);
    await user.click(screen.getByRole('button', { name: 'Order and pay' }));
    expect(await screen.findByText('Card orders are not available for this account')).toBeInTheDocument();
  });
});

describe('Card Orders page: the orders', () => {
  it('pays a waiting order through its checkout', async () => {
    server.use(http.post(api(CHECKOUT), () => HttpResponse.json<CheckoutUrlResponse>({ checkoutUrl: '/t/acme/checkout/chk_1' })));
    const sent = serve([order()]);
    const { user } = renderPage();
    const [pay] = await screen.findAllByRole('button', { name: /^Pay now for 500 cards ordered/ });
    await user.click(pay);
    expect(await screen.findByText('Checkout page')).toBeInTheDocument();
    expect(sent.to('POST', CHECKOUT)[0].body).toEqual({ orderId: 'order-1' });
  });

  it('asks before cancelling, and shows the server’s refusal in the dialog', async () => {
    server.use(http.delete(api(`${ORDERS}/order-1`), () => HttpResponse.json({ error: 'Cards of this order are already in use' }, { status: 409 })));
    const sent = serve([order({ status: 'PAID', paidAt: '2026-11-20T10:05:00.000Z' })]);
    const { user } = renderPage();
    const [cancel] = await screen.findAllByRole('button', { name: /^Cancel order of 500 cards ordered/ });
    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Cancel this order?')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('DELETE', `${ORDERS}/order-1`)).toHaveLength(0);

    await user.click(cancel);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Cards of this order are already in use')).toBeInTheDocument();
    expect(sent.to('DELETE', `${ORDERS}/order-1`)).toHaveLength(1);
  });

  it('cancels a paid order and says the payment is refunded', async () => {
    server.use(http.delete(api(`${ORDERS}/order-1`), () => HttpResponse.json(order({ status: 'CANCELED' }))));
    serve([order({ status: 'PAID', paidAt: '2026-11-20T10:05:00.000Z' })]);
    const { user } = renderPage();
    const [cancel] = await screen.findAllByRole('button', { name: /^Cancel order of 500 cards ordered/ });
    await user.click(cancel);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Order cancelled. The payment is refunded and its cards were removed.')).toBeInTheDocument();
  });

  it('welcomes the return from a paid checkout with the cards added', async () => {
    serve([order({ status: 'PAID' })]);
    server.use(http.get(api(`${ORDERS}/order-1`), () => HttpResponse.json(order({ status: 'PAID', paidAt: '2026-11-20T10:05:00.000Z' }))));
    renderPage('/t/acme/card-orders?paid=order-1');
    expect(await screen.findByText('Payment received. 500 cards were added to your account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Cards' })).toHaveAttribute('href', '/t/acme/cards');
  });
});
