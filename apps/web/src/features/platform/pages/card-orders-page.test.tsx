import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlatformCardOrder, PlatformCardOrderListResponse, UpdateCardOrderStatusRequest } from '@loyalty/contract';
import { userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PlatformCardOrdersPage } from './card-orders-page';

const LIST = '/platform/card-orders';

function order(overrides: Partial<PlatformCardOrder> = {}): PlatformCardOrder {
  return {
    id: 'order-1',
    cardType: 'SINGLE_SIDED',
    quantity: 500,
    unitPriceCents: 40,
    totalCents: 20_000,
    shippingAddress: {
      name: 'Acme Coffee',
      line1: '1 Main Street',
      line2: '',
      city: 'Springfield',
      state: 'IL',
      postalCode: '12345',
      country: 'United States',
    },
    status: 'PAID',
    paidAt: '2026-11-20T10:05:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    tenant: { id: 't-acme', name: 'Acme Coffee', slug: 'acme' },
    demoPayment: false,
    ...overrides,
  };
}

/** The server: `orders` whatever the status asked for. */
function serve(orders: PlatformCardOrder[] = [order()]) {
  server.use(http.get(api(LIST), () => HttpResponse.json<PlatformCardOrderListResponse>({ orders })));
  return recordRequests();
}

function renderPage(route = '/platform/card-orders') {
  return renderWithProviders(<PlatformCardOrdersPage />, { route, path: '/platform/card-orders', session: { user: userOf('platform_admin'), tenant: null } });
}

/** The table row of the order (the phone cards repeat it). */
const row = () => screen.getAllByTestId('platform-order-row')[0];

describe('Platform card orders', () => {
  it('lists every tenant’s orders with total, status and the next step', async () => {
    const sent = serve([order(), order({ id: 'order-2', status: 'PENDING_PAYMENT', paidAt: null, demoPayment: false })]);
    renderPage();
    expect(await screen.findByText('2 orders')).toBeInTheDocument();
    expect(row()).toHaveTextContent('Acme Coffee');
    expect(row()).toHaveTextContent('500');
    expect(row()).toHaveTextContent('$200.00');
    expect(within(row()).getByRole('button', { name: /start processing/i })).toBeInTheDocument();
    expect(sent.to('GET', LIST)[0].query.has('status')).toBe(false);
  });

  it('asks for the chosen status and says when none has it', async () => {
    const sent = serve([]);
    const { user } = renderPage();
    expect(await screen.findByText('No card orders yet')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'SHIPPED');
    expect(await screen.findByText('No orders with this status')).toBeInTheDocument();
    expect(sent.to('GET', LIST).at(-1)?.query.get('status')).toBe('SHIPPED');
  });

  it('marks a paid order as processing after the confirmation, which says what and where', async () => {
    const sent = serve();
    server.use(http.put(api(`${LIST}/order-1`), () => HttpResponse.json(order({ status: 'PROCESSING' }))));
    const { user } = renderPage();
    await screen.findByText('1 order');
    await user.click(within(row()).getByRole('button', { name: /start processing/i }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark order of Acme Coffee for 500 cards as Processing?' });
    expect(dialog).toHaveTextContent('$200.00');
    expect(dialog).toHaveTextContent('12345 Springfield, IL, United States');
    await user.click(within(dialog).getByRole('button', { name: 'Start processing' }));
    expect(await screen.findByText('Order marked as Processing')).toBeInTheDocument();
    expect(sent.to('PUT', `${LIST}/order-1`)[0].body).toEqual({ status: 'PROCESSING' } satisfies UpdateCardOrderStatusRequest);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal when the order moved meanwhile', async () => {
    serve([order({ status: 'PROCESSING' })]);
    server.use(http.put(api(`${LIST}/order-1`), () => HttpResponse.json({ error: 'The order is no longer Processing' }, { status: 409 })));
    const { user } = renderPage();
    await screen.findByText('1 order');
    await user.click(within(row()).getByRole('button', { name: /mark shipped/i }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mark shipped' }));
    expect(await screen.findByText('The order is no longer Processing')).toBeInTheDocument();
  });

  it('marks an order paid with demo payments', async () => {
    serve([order({ demoPayment: true })]);
    renderPage();
    await screen.findByText('1 order');
    expect(within(row()).getByText('Demo payment')).toBeInTheDocument();
  });
});
