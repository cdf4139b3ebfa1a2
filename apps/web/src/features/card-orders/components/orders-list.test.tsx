import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CardOrder, CardOrderListResponse, CreateCardOrderRequest } from '@loyalty/contract';
import { CARD_ORDER_PRICING } from '@loyalty/domain';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CardOrdersPage } from '../pages/card-orders-page';

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

const WAITING = order();
const PAID = order({ id: 'order-2', cardType: 'DOUBLE_SIDED_CUSTOM', quantity: 2000, unitPriceCents: 60, totalCents: 120_000, status: 'PAID' });
const SHIPPED = order({ id: 'order-3', quantity: 1500, unitPriceCents: 40, totalCents: 60_000, status: 'SHIPPED' });

/** The server: the price list, the tenant (demo payments) and the orders (`lists` answered in turn, the last one repeated). */
function serve(...lists: CardOrder[][]) {
  const answers = lists.length > 0 ? lists : [[WAITING, PAID, SHIPPED]];
  let call = 0;
  server.use(
    http.get(api('/card-orders/pricing'), () => HttpResponse.json(CARD_ORDER_PRICING)),
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api(ORDERS), () => HttpResponse.json<CardOrderListResponse>({ orders: answers[Math.min(call++, answers.length - 1)] })),
  );
  return recordRequests();
}

function renderPage(entry = '/t/acme/card-orders') {
  return renderRoutes([{ path: '/t/:slug/card-orders', element: <CardOrdersPage /> }], entry, {
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
}

/** The table row of the order `id`. */
async function rowOf(id: string) {
  const rows = await screen.findAllByTestId('order-row');
  return rows.find((row) => row.getAttribute('data-order-id') === id) as HTMLElement;
}

describe('Card Orders page: the list of orders', () => {
  it('lists each order with its type, quantity, total and unit price, destination and status', async () => {
    serve();
    renderPage();
    const paid = await rowOf('order-2');
    expect(within(paid).getByText('Double-sided custom')).toBeInTheDocument();
    expect(within(paid).getByText('2,000')).toBeInTheDocument();
    expect(within(paid).getByText('$1,200.00')).toBeInTheDocument();
    expect(within(paid).getByText('$0.60 each')).toBeInTheDocument();
    expect(within(paid).getByText('Springfield, United States')).toBeInTheDocument();
    expect(within(paid).getByText('Paid')).toBeInTheDocument();
    expect(within(await rowOf('order-1')).getByText('Pending payment')).toBeInTheDocument();
    expect(within(await rowOf('order-3')).getByText('Shipped')).toBeInTheDocument();
    expect(screen.getByText('3 orders')).toBeInTheDocument();
  });

  it('offers Pay now only on a waiting order, and Cancel only before shipping', async () => {
    serve();
    renderPage();
    const waiting = await rowOf('order-1');
    expect(within(waiting).getByRole('button', { name: /^Pay now for 500 cards ordered/ })).toBeInTheDocument();
    expect(within(waiting).getByRole('button', { name: /^Cancel order of 500 cards ordered/ })).toBeInTheDocument();
    const paid = await rowOf('order-2');
    expect(within(paid).queryByRole('button', { name: /^Pay now/ })).not.toBeInTheDocument();
    expect(within(paid).getByRole('button', { name: /^Cancel order of 2,000 cards ordered/ })).toBeInTheDocument();
    expect(within(await rowOf('order-3')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when nothing was ordered yet', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No card orders yet')).toBeInTheDocument();
    expect(screen.getByText('Order printed cards below; they appear here with their payment and shipping status.')).toBeInTheDocument();
    expect(screen.queryByText(/\d orders?$/)).not.toBeInTheDocument();
  });

  it('says the orders cannot be loaded, and loads them again on Try again', async () => {
    let fail = true;
    serve();
    server.use(
      http.get(api(ORDERS), () =>
        fail ? HttpResponse.json({ error: 'Database unavailable' }, { status: 503 }) : HttpResponse.json<CardOrderListResponse>({ orders: [WAITING] }),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load card orders')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('order-1')).toBeInTheDocument();
  });

  it('toasts why a waiting order’s payment could not start', async () => {
    const sent = serve([WAITING]);
    server.use(http.post(api(CHECKOUT), () => HttpResponse.json({ error: 'Payment provider unavailable', code: 'UNAVAILABLE' }, { status: 503 })));
    const { user } = renderPage();
    await user.click(within(await rowOf('order-1')).getByRole('button', { name: /^Pay now/ }));
    expect(await screen.findByText('Payment provider unavailable')).toBeInTheDocument();
    expect(sent.to('POST', CHECKOUT)[0].body).toEqual({ orderId: 'order-1' });
  });
});

describe('Card Orders page: cancelling an order', () => {
  it('says a waiting order is cancelled free of charge, then cancels it and refreshes the list', async () => {
    const sent = serve([WAITING], [{ ...WAITING, status: 'CANCELED' }]);
    server.use(http.delete(api(`${ORDERS}/order-1`), () => HttpResponse.json(order({ status: 'CANCELED' }))));
    const { user } = renderPage();
    await user.click(within(await rowOf('order-1')).getByRole('button', { name: /^Cancel order/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('500 single-sided cards · $200.00');
    expect(dialog).toHaveTextContent('The order is cancelled and nothing is charged.');
    expect(dialog).toHaveTextContent('This cannot be undone.');
    expect(dialog).not.toHaveTextContent(/refunded/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));

    expect(await screen.findByText('Order cancelled.')).toBeInTheDocument();
    expect(sent.to('DELETE', `${ORDERS}/order-1`)).toHaveLength(1);
    await waitFor(async () => expect(within(await rowOf('order-1')).getByText('Cancelled')).toBeInTheDocument());
    expect(within(await rowOf('order-1')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('warns that a paid order’s payment is refunded and its cards removed', async () => {
    serve([PAID]);
    const { user } = renderPage();
    await user.click(within(await rowOf('order-2')).getByRole('button', { name: /^Cancel order/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('2,000 double-sided custom cards · $1,200.00');
    expect(dialog).toHaveTextContent('The payment of $1,200.00 is refunded and the order\u0027s 2,000 cards are removed from your account.');
    expect(within(dialog).getByText('$1,200.00', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows why the order can no longer be cancelled in the dialog', async () => {
    serve([WAITING]);
    server.use(
      http.delete(api(`${ORDERS}/order-1`), () => HttpResponse.json({ error: 'This order can no longer be cancelled', code: 'CONFLICT' }, { status: 409 })),
    );
    const { user } = renderPage();
    await user.click(within(await rowOf('order-1')).getByRole('button', { name: /^Cancel order/ }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await within(dialog).findByText('This order can no longer be cancelled')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});

describe('Card Orders page: the order form and the return from checkout', () => {
  it('marks the volume tier that prices the typed quantity, on the chosen card kind only', async () => {
    serve([]);
    const { user } = renderPage();
    const quantity = await screen.findByLabelText(/^Number of cards/);
    const single = screen.getByRole('table', { name: 'Single-sided volume prices' });
    const double = screen.getByRole('table', { name: 'Double-sided custom volume prices' });
    const activeRow = (table: HTMLElement) => table.querySelector('tr[data-active="true"]');
    expect(activeRow(single)).toHaveTextContent('50–499');
    expect(activeRow(double)).toBeNull();

    await user.clear(quantity);
    await user.type(quantity, '2500');
    expect(activeRow(single)).toHaveTextContent('2,000–10,000');
    expect(activeRow(single)).toHaveTextContent('$0.30');
    expect(screen.getByTestId('order-total')).toHaveTextContent('$750.00');

    await user.click(within(screen.getByTestId('card-type-DOUBLE_SIDED_CUSTOM')).getByRole('radio'));
    expect(activeRow(single)).toBeNull();
    expect(activeRow(double)).toHaveTextContent('$0.60');
  });

  it('asks for a quantity in range before it shows a price', async () => {
    serve([]);
    const { user } = renderPage();
    const quantity = await screen.findByLabelText(/^Number of cards/);
    expect(quantity).toHaveAccessibleDescription(/Between 50 and 10,000 cards; larger orders cost less per card\./);
    await user.clear(quantity);
    expect(screen.getByText('Enter a quantity between 50 and 10,000 to see the price.')).toBeInTheDocument();
    expect(screen.getByTestId('unit-price')).toHaveTextContent('—');
  });

  it('puts the server’s field complaints on their fields', async () => {
    serve([]);
    server.use(
      http.post(api(ORDERS), () =>
        HttpResponse.json(
          {
            error: 'Validation failed',
            code: 'VALIDATION',
            details: [{ field: 'body.shippingAddress.postalCode', message: 'Postal code is not valid for United States' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderPage();
    await screen.findByLabelText(/^Number of cards/);
    await user.type(screen.getByLabelText(/^Recipient name/), ADDRESS.name);
    await user.type(screen.getAllByLabelText(/^Address/)[0], ADDRESS.line1);
    await user.type(screen.getByLabelText(/^City/), ADDRESS.city);
    await user.type(screen.getByLabelText(/^Postal code/), 'ZZ');
    await user.click(screen.getByRole('button', { name: 'Order and pay' }));
    await waitFor(() => expect(screen.getByLabelText(/^Postal code/)).toHaveAccessibleDescription('Postal code is not valid for United States'));
  });

  it('says when the price list cannot be loaded', async () => {
    serve([]);
    server.use(http.get(api('/card-orders/pricing'), () => HttpResponse.json({ error: 'Price list unavailable' }, { status: 503 })));
    renderPage();
    expect(await screen.findByText('Failed to load card prices')).toBeInTheDocument();
    expect(screen.getByText('Price list unavailable')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order and pay' })).not.toBeInTheDocument();
  });

  it('says a cancelled checkout left the order waiting, until dismissed', async () => {
    serve([WAITING]);
    const { user, router } = renderPage('/t/acme/card-orders?canceled=order-1');
    expect(await screen.findByText('Payment canceled. Your order is waiting for payment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('Payment canceled. Your order is waiting for payment.')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says the payment is being confirmed while the order still waits', async () => {
    serve([WAITING]);
    server.use(http.get(api(`${ORDERS}/order-1`), () => HttpResponse.json(WAITING)));
    renderPage('/t/acme/card-orders?paid=order-1');
    expect(await screen.findByText('Payment received. Your cards are added as soon as the payment provider confirms it…')).toBeInTheDocument();
  });
});
