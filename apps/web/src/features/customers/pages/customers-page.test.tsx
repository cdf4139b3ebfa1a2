import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerDetail, CustomerInput, CustomerListItem, CustomerListResponse } from '@loyalty/contract';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { CustomersPage } from './customers-page';

const LIST = '/t/acme/customers';

function customer(overrides: Partial<CustomerListItem> = {}): CustomerListItem {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    tier: 'SILVER',
    totalSpendCents: 123_456,
    activeCards: 1,
    referralCode: '7K3M9PQR',
    birthday: null,
    createdAt: '2026-01-05T12:00:00.000Z',
    ...overrides,
  };
}

const ADA = customer();
const GRACE = customer({ id: '77777777-7777-4777-8777-777777777777', firstName: 'Grace', lastName: 'Hopper', email: null, activeCards: 0, tier: 'PLATINUM' });

/** The server: the list answers `rows` (all of them, whatever the search). */
function serve(rows: CustomerListItem[] = [ADA, GRACE]) {
  server.use(http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())));
  server.use(http.get(api(LIST), () => HttpResponse.json<CustomerListResponse>({ customers: rows, total: rows.length, pages: rows.length > 0 ? 1 : 0 })));
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<CustomersPage />, {
    route: '/t/acme/customers',
    path: '/t/:slug/customers',
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
}

const lastQuery = (sent: ReturnType<typeof recordRequests>) => Object.fromEntries(sent.to('GET', LIST).at(-1)?.query ?? []);

describe('Customers page: the list', () => {
  it('lists the customers with their count, and searches by what is typed', async () => {
    const sent = serve();
    const { user } = renderPage();
    expect(await screen.findByText('2 customers in your loyalty programme')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(table).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(table).getByText('Grace Hopper')).toBeInTheDocument();
    expect(lastQuery(sent)).toEqual({ page: '1', limit: '25' });

    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), ' hopper');
    await waitFor(() => expect(lastQuery(sent)).toEqual({ search: 'hopper', page: '1', limit: '25' }));
  });

  it('says when there are no customers yet, and when a search matches none', async () => {
    const sent = serve([]);
    const { user } = renderPage();
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'zed');
    expect(await screen.findByText('No customers found matching your search')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(lastQuery(sent)).toEqual({ page: '1', limit: '25' }));
    expect(await screen.findByText('No customers yet')).toBeInTheDocument();
  });

  it('shows the server’s reason when the list cannot be loaded', async () => {
    serve();
    server.use(http.get(api(LIST), () => HttpResponse.json({ error: 'Tenant not found' }, { status: 404 })));
    renderPage();
    expect(await screen.findByText('Failed to load customers')).toBeInTheDocument();
    expect(screen.getByText('Tenant not found')).toBeInTheDocument();
  });
});

describe('Customers page: adding a customer', () => {
  async function openForm() {
    const sent = serve();
    const view = renderPage();
    await screen.findAllByText('Ada Lovelace');
    await view.user.click(screen.getAllByRole('button', { name: 'Add Customer' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Add New Customer' });
    return { ...view, sent, dialog, submit: () => view.user.click(within(dialog).getByRole('button', { name: 'Add Customer' })) };
  }

  it('explains missing names and a bad e-mail or phone on their fields, and sends nothing', async () => {
    const { user, sent, dialog, submit } = await openForm();
    await submit();
    expect(within(dialog).getByLabelText(/^First name/)).toHaveAccessibleDescription('First name is required');
    expect(within(dialog).getByLabelText(/^Last name/)).toHaveAccessibleDescription('Last name is required');

    await user.type(within(dialog).getByLabelText(/^First name/), 'Alan');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Turing');
    await user.type(within(dialog).getByLabelText('Email (optional)'), 'alan@');
    await user.type(within(dialog).getByLabelText('Phone (optional)'), 'call me');
    await submit();
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid phone number')).toBeInTheDocument();
    expect(sent.all.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('sends the trimmed customer (blank phone as none), confirms it and closes', async () => {
    const created: CustomerDetail = {
      ...customer({ id: 'new-id', firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', activeCards: 0 }),
      cards: [],
    };
    server.use(http.post(api(LIST), () => HttpResponse.json(created, { status: 201 })));
    const { user, sent, dialog, submit } = await openForm();
    await user.type(within(dialog).getByLabelText(/^First name/), ' Alan ');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Turing');
    await user.type(within(dialog).getByLabelText('Email (optional)'), 'Alan@Example.com');
    await submit();

    expect(await screen.findByText('Customer created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.to('POST', LIST)[0].body).toEqual({ firstName: 'Alan', lastName: 'Turing', email: 'alan@example.com', phone: null } satisfies CustomerInput);
  });

  it('sends the birthday chosen for the new customer, without a year when none is typed', async () => {
    server.use(
      http.post(api(LIST), () => HttpResponse.json({ ...customer({ id: 'new-id', firstName: 'Alan', lastName: 'Turing' }), cards: [] }, { status: 201 })),
    );
    const { user, sent, dialog, submit } = await openForm();
    const birthday = within(dialog).getByRole('group', { name: 'Birthday (optional)' });
    await user.type(within(dialog).getByLabelText(/^First name/), 'Alan');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Turing');
    await user.selectOptions(within(birthday).getByLabelText('Month'), 'June');
    await user.selectOptions(within(birthday).getByLabelText('Day'), '23');
    await submit();

    expect(await screen.findByText('Customer created successfully')).toBeInTheDocument();
    expect(sent.to('POST', LIST)[0].body).toEqual({
      firstName: 'Alan',
      lastName: 'Turing',
      email: null,
      phone: null,
      birthday: { month: 6, day: 23 },
    } satisfies CustomerInput);
  });

  it('sends the birth year when typed', async () => {
    server.use(
      http.post(api(LIST), () => HttpResponse.json({ ...customer({ id: 'new-id', firstName: 'Alan', lastName: 'Turing' }), cards: [] }, { status: 201 })),
    );
    const { user, sent, dialog, submit } = await openForm();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Alan');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Turing');
    await user.selectOptions(within(dialog).getByLabelText('Month'), 'June');
    await user.selectOptions(within(dialog).getByLabelText('Day'), '23');
    await user.type(within(dialog).getByLabelText('Year (optional)'), '1912');
    await submit();
    await waitFor(() => expect(sent.to('POST', LIST)).toHaveLength(1));
    expect(sent.to('POST', LIST)[0].body).toMatchObject({ birthday: { month: 6, day: 23, year: 1912 } });
  });

  it('asks for the rest of a birthday begun, refuses a date that does not exist, and sends nothing', async () => {
    const { user, sent, dialog, submit } = await openForm();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Alan');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Turing');
    await user.selectOptions(within(dialog).getByLabelText('Month'), 'February');
    await submit();
    expect(within(dialog).getByLabelText('Day')).toHaveAccessibleDescription('Choose the day of the birthday');

    await user.selectOptions(within(dialog).getByLabelText('Day'), '30');
    await submit();
    await waitFor(() => expect(within(dialog).getByLabelText('Day')).toHaveAccessibleDescription('Enter a real date'));
    expect(sent.all.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('puts a 409 duplicate e-mail on the e-mail field, and keeps the form open', async () => {
    server.use(
      http.post(api(LIST), () =>
        HttpResponse.json({ error: 'A customer with this email already exists', code: 'CONFLICT', details: [{ field: 'body.email' }] }, { status: 409 }),
      ),
    );
    const { user, dialog, submit } = await openForm();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Ada');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Byron');
    await user.type(within(dialog).getByLabelText('Email (optional)'), 'ada@example.com');
    await submit();

    const email = within(dialog).getByLabelText('Email (optional)');
    await waitFor(() => expect(email).toHaveAccessibleDescription('A customer with this email already exists'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Add New Customer' })).toBeInTheDocument();
  });

  it('puts a 400’s field messages on their fields', async () => {
    server.use(
      http.post(api(LIST), () =>
        HttpResponse.json(
          { error: 'Invalid request', code: 'VALIDATION_ERROR', details: [{ field: 'body.phone', message: 'Phone number is not reachable' }] },
          { status: 400 },
        ),
      ),
    );
    const { user, dialog, submit } = await openForm();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Ada');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Byron');
    await user.type(within(dialog).getByLabelText('Phone (optional)'), '+1 555 0100');
    await submit();
    await waitFor(() => expect(within(dialog).getByLabelText('Phone (optional)')).toHaveAccessibleDescription('Phone number is not reachable'));
  });

  it('says to try again when the server fails for another reason', async () => {
    server.use(http.post(api(LIST), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const { user, dialog, submit } = await openForm();
    await user.type(within(dialog).getByLabelText(/^First name/), 'Ada');
    await user.type(within(dialog).getByLabelText(/^Last name/), 'Byron');
    await submit();
    expect(await screen.findByText('Failed to create customer. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Add New Customer' })).toBeInTheDocument();
  });
});

describe('Customers page: deleting a customer', () => {
  const DELETE = `/t/acme/customers/${ADA.id}`;

  async function openDelete() {
    const sent = serve();
    const view = renderPage();
    await screen.findAllByText('Ada Lovelace');
    await view.user.click(screen.getAllByRole('button', { name: 'Delete Ada Lovelace' })[0]);
    const dialog = await screen.findByRole('alertdialog');
    return { ...view, sent, dialog };
  }

  it('asks to confirm, warns about the active card, and sends nothing on Cancel', async () => {
    const { user, sent, dialog } = await openDelete();
    expect(dialog).toHaveTextContent('Are you sure you want to delete Ada Lovelace? This action cannot be undone.');
    expect(dialog).toHaveTextContent('This customer has 1 active card.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('DELETE', DELETE)).toHaveLength(0);
  });

  it('shows the server’s refusal (cards still assigned) in the dialog', async () => {
    server.use(
      http.delete(api(DELETE), () =>
        HttpResponse.json({ error: 'Unassign the customer’s cards before deleting the customer', code: 'CONFLICT' }, { status: 409 }),
      ),
    );
    const { user, dialog } = await openDelete();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Customer' }));
    await waitFor(() => expect(within(dialog).getByText('Unassign the customer’s cards before deleting the customer')).toBeInTheDocument());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('deletes on confirmation, says so and reloads the list', async () => {
    server.use(http.delete(api(DELETE), () => new HttpResponse(null, { status: 204 })));
    const { user, sent, dialog } = await openDelete();
    const loads = sent.to('GET', LIST).length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete Customer' }));
    expect(await screen.findByText('Customer deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('DELETE', DELETE)).toHaveLength(1);
    await waitFor(() => expect(sent.to('GET', LIST).length).toBeGreaterThan(loads));
  });
});
