import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CustomerDetail, CustomerInput, CustomerListItem, CustomerListResponse } from '@loyalty/contract';
import { saveBlob } from '@/lib/save-blob';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CustomersPage } from './customers-page';

const ADA: CustomerDetail = {
  id: '44444444-4444-4444-8444-444444444444',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: null,
  tier: 'GOLD',
  totalSpendCents: 250_000,
  activeCards: 1,
  referralCode: '7K3M9PQR',
  birthday: { month: 3, day: 14, year: null },
  createdAt: '2026-01-05T12:00:00.000Z',
  cards: [
    {
      id: '33333333-3333-4333-8333-333333333333',
      cardUid: 'ACME0001',
      balanceCents: 1250,
      status: 'ACTIVE',
      storeName: 'Main Street',
      activatedAt: '2026-02-03T12:00:00.000Z',
    },
    { id: '88888888-8888-4888-8888-888888888888', cardUid: 'ACME0009', balanceCents: 0, status: 'BLOCKED', storeName: null, activatedAt: null },
  ],
};
const DETAIL = `/t/acme/customers/${ADA.id}`;

/** Ada as the list shows her (no cards). */
function rowOf(detail: CustomerDetail): CustomerListItem {
  const { cards: _cards, ...row } = detail;
  return row;
}

/** The server: the tenant, the list with `row`, and `detail` for GET /customers/{id}. */
function serve(detail: CustomerDetail = ADA, row: CustomerListItem = rowOf(detail)) {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api('/t/acme/customers'), () => HttpResponse.json<CustomerListResponse>({ customers: [row], total: 1, pages: 1 })),
    http.get(api(`/t/acme/customers/${row.id}`), () => HttpResponse.json(detail)),
  );
  return recordRequests();
}

async function openDetails(name = 'Ada Lovelace') {
  const view = renderWithProviders(<CustomersPage />, {
    route: '/t/acme/customers',
    path: '/t/:slug/customers',
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
  await screen.findAllByText(name);
  await view.user.click(screen.getAllByRole('button', { name: `View ${name}` })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Customer Details' });
  return { ...view, dialog };
}

describe('Customers page: the customer’s details', () => {
  it('shows the customer’s summary, contact and cards with their balance; Add Funds only on an active card', async () => {
    serve();
    const { dialog } = await openDetails();
    expect(within(dialog).getByTestId('details-name')).toHaveTextContent('Ada Lovelace');
    expect(dialog).toHaveTextContent('Member since Jan 5, 2026');
    expect(dialog).toHaveTextContent('$2,500.00');
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('No phone')).toBeInTheDocument();
    expect(within(dialog).getByText('Birthday').closest('div')).toHaveTextContent('March 14');
    expect(within(dialog).getByText('Referral code').closest('div')).toHaveTextContent('7K3M9PQR');

    const cards = await within(dialog).findAllByTestId('customer-card');
    expect(within(dialog).getByRole('list', { name: 'Loyalty cards' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('ACME0001');
    expect(cards[0]).toHaveTextContent('Main Street');
    expect(cards[0]).toHaveTextContent('Activated Feb 3, 2026');
    expect(within(cards[0]).getByTestId('card-balance')).toHaveTextContent('$12.50');
    expect(within(cards[0]).getByRole('button', { name: 'Add Funds to card ACME0001' })).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent('ACME0009');
    expect(cards[1]).toHaveTextContent('No store');
    expect(within(cards[1]).queryByRole('button', { name: /Add Funds/ })).not.toBeInTheDocument();
  });

  it('shows the birth year when known', async () => {
    serve({ ...ADA, birthday: { month: 12, day: 1, year: 1985 } });
    const { dialog } = await openDetails();
    expect(within(dialog).getByText('Birthday').closest('div')).toHaveTextContent('December 1, 1985');
  });

  it('says when no birthday was given', async () => {
    serve({ ...ADA, birthday: null });
    const { dialog } = await openDetails();
    expect(within(dialog).getByText('Birthday').closest('div')).toHaveTextContent('Not given');
  });

  it('says when the customer has no card yet', async () => {
    serve({ ...ADA, activeCards: 0, cards: [] });
    const { dialog } = await openDetails();
    expect(await within(dialog).findByText('No loyalty cards yet. Assign one from the Cards page.')).toBeInTheDocument();
  });

  it('says when the cards cannot be loaded, and loads them again on Try again', async () => {
    let answers = 0;
    serve();
    server.use(http.get(api(DETAIL), () => (++answers === 1 ? HttpResponse.json({ error: 'Database unavailable' }, { status: 500 }) : HttpResponse.json(ADA))));
    const { user, dialog } = await openDetails();
    expect(await within(dialog).findByText("Failed to load the customer's cards")).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findAllByTestId('customer-card')).toHaveLength(2);
  });

  it('closes on the Close button of its footer', async () => {
    serve();
    const { user, dialog } = await openDetails();
    const footerClose = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((b) => b.textContent === 'Close') as HTMLElement;
    await user.click(footerClose);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('downloads the customer’s data with Export data', async () => {
    server.use(
      http.get(
        api(`${DETAIL}/export`),
        () =>
          new HttpResponse('zip-bytes', {
            headers: { 'Content-Type': 'application/zip', 'Content-Disposition': `attachment; filename="customer-data-${ADA.id}.zip"` },
          }),
      ),
    );
    const sent = serve();
    const { user, dialog } = await openDetails();
    await user.click(within(dialog).getByRole('button', { name: 'Export data' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveBlob).mock.calls[0][1]).toBe(`customer-data-${ADA.id}.zip`);
    expect(sent.to('GET', `${DETAIL}/export`)).toHaveLength(1);
  });

  it('says when the export fails', async () => {
    server.use(http.get(api(`${DETAIL}/export`), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    serve();
    const { user, dialog } = await openDetails();
    await user.click(within(dialog).getByRole('button', { name: 'Export data' }));
    expect(await screen.findByText('Failed to export the customer data. Please try again.')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('opens the erasure confirmation from Erase customer', async () => {
    serve();
    const { user, dialog } = await openDetails();
    await user.click(within(dialog).getByRole('button', { name: 'Erase customer' }));
    expect(await screen.findByText('This cannot be undone')).toBeInTheDocument();
  });

  it('offers no erasure for an erased customer', async () => {
    const erased: CustomerDetail = { ...ADA, firstName: 'Erased', lastName: 'customer', email: null, phone: null, activeCards: 0, cards: [] };
    serve(erased);
    const { dialog } = await openDetails('Erased customer');
    expect(within(dialog).getByRole('button', { name: 'Export data' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Erase customer' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('No email')).toBeInTheDocument();
  });
});

describe('Customers page: editing a customer', () => {
  async function openEdit() {
    const sent = serve();
    const view = await openDetails();
    await view.user.click(within(view.dialog).getByRole('button', { name: 'Edit Customer' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Customer' });
    const save = () => view.user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    return { ...view, sent, form, save };
  }

  it('opens from the details with the customer’s values', async () => {
    const { form } = await openEdit();
    expect(screen.queryByRole('dialog', { name: 'Customer Details' })).not.toBeInTheDocument();
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Ada');
    expect(within(form).getByLabelText(/^Last name/)).toHaveValue('Lovelace');
    expect(within(form).getByLabelText('Email (optional)')).toHaveValue('ada@example.com');
    expect(within(form).getByLabelText('Phone (optional)')).toHaveValue('');
    expect(within(form).getByLabelText('Month')).toHaveValue('3');
    expect(within(form).getByLabelText('Day')).toHaveValue('14');
    expect(within(form).getByLabelText('Year (optional)')).toHaveValue(null);
  });

  it('sends the whole customer with PUT (a cleared e-mail as none), confirms and closes', async () => {
    server.use(http.put(api(DETAIL), () => HttpResponse.json<CustomerDetail>({ ...ADA, lastName: 'King', email: null, phone: '+1 555 0100' })));
    const { user, sent, form, save } = await openEdit();
    await user.clear(within(form).getByLabelText(/^Last name/));
    await user.type(within(form).getByLabelText(/^Last name/), 'King');
    await user.clear(within(form).getByLabelText('Email (optional)'));
    await user.type(within(form).getByLabelText('Phone (optional)'), '+1 555 0100');
    await save();

    expect(await screen.findByText('Customer updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('PUT', DETAIL)[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'King',
      email: null,
      phone: '+1 555 0100',
      birthday: { month: 3, day: 14 },
    } satisfies CustomerInput);
    expect(sent.to('POST', '/t/acme/customers')).toHaveLength(0);
  });

  it('sends a changed birthday with its year', async () => {
    server.use(http.put(api(DETAIL), () => HttpResponse.json<CustomerDetail>(ADA)));
    const { user, sent, form, save } = await openEdit();
    await user.selectOptions(within(form).getByLabelText('Day'), '15');
    await user.type(within(form).getByLabelText('Year (optional)'), '1990');
    await save();
    await waitFor(() => expect(sent.to('PUT', DETAIL)).toHaveLength(1));
    expect(sent.to('PUT', DETAIL)[0].body).toMatchObject({ birthday: { month: 3, day: 15, year: 1990 } });
  });

  it('sends birthday null once its fields are cleared', async () => {
    server.use(http.put(api(DETAIL), () => HttpResponse.json<CustomerDetail>({ ...ADA, birthday: null })));
    const { user, sent, form, save } = await openEdit();
    await user.selectOptions(within(form).getByLabelText('Month'), '');
    await user.selectOptions(within(form).getByLabelText('Day'), '');
    await save();
    expect(await screen.findByText('Customer updated successfully')).toBeInTheDocument();
    expect(sent.to('PUT', DETAIL)[0].body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: null,
      birthday: null,
    } satisfies CustomerInput);
  });

  it('puts the server’s birthday message on its field', async () => {
    server.use(
      http.put(api(DETAIL), () =>
        HttpResponse.json(
          {
            error: 'Invalid birthday.day: Enter a real date',
            code: 'VALIDATION_ERROR',
            details: [{ field: 'body.birthday.day', message: 'Enter a real date' }],
          },
          { status: 400 },
        ),
      ),
    );
    const { form, save } = await openEdit();
    await save();
    await waitFor(() => expect(within(form).getByLabelText('Day')).toHaveAccessibleDescription('Enter a real date'));
    expect(screen.getByRole('dialog', { name: 'Edit Customer' })).toBeInTheDocument();
  });

  it('explains a blank name and sends nothing', async () => {
    const { user, sent, form, save } = await openEdit();
    await user.clear(within(form).getByLabelText(/^First name/));
    await save();
    expect(within(form).getByLabelText(/^First name/)).toHaveAccessibleDescription('First name is required');
    expect(sent.to('PUT', DETAIL)).toHaveLength(0);
  });

  it('puts a duplicate e-mail on the e-mail field and keeps the form open', async () => {
    server.use(http.put(api(DETAIL), () => HttpResponse.json({ error: 'A customer with this email already exists', code: 'CONFLICT' }, { status: 409 })));
    const { user, form, save } = await openEdit();
    await user.clear(within(form).getByLabelText('Email (optional)'));
    await user.type(within(form).getByLabelText('Email (optional)'), 'grace@example.com');
    await save();
    await waitFor(() => expect(within(form).getByLabelText('Email (optional)')).toHaveAccessibleDescription('A customer with this email already exists'));
    expect(screen.getByRole('dialog', { name: 'Edit Customer' })).toBeInTheDocument();
  });

  it('says to try again when the update fails for another reason', async () => {
    server.use(http.put(api(DETAIL), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const { save } = await openEdit();
    await save();
    expect(await screen.findByText('Failed to update customer. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Customer' })).toBeInTheDocument();
  });

  it('opens from the row’s Edit button too', async () => {
    serve();
    const { user } = renderWithProviders(<CustomersPage />, {
      route: '/t/acme/customers',
      path: '/t/:slug/customers',
      session: { user: userOf('tenant_admin'), tenant: ACME },
    });
    await screen.findAllByText('Ada Lovelace');
    await user.click(screen.getAllByRole('button', { name: 'Edit Ada Lovelace' })[0]);
    const form = await screen.findByRole('dialog', { name: 'Edit Customer' });
    expect(within(form).getByLabelText(/^First name/)).toHaveValue('Ada');
  });
});
