import { screen, waitFor, within } from '@testing-library/react';
import { DAILY_CAP_RANGE, type StoreItem, type StoreListResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, STORE_ID, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { StoresPage } from '../pages/stores-page';

const STORES = '/t/acme/stores';
const MAIN: StoreItem = {
  id: STORE_ID,
  name: 'Main Street',
  address: '1 Market Square',
  active: true,
  selfEnrolment: false,
  selfEnrolmentDailyCap: 50,
  createdAt: '2026-01-05T12:00:00.000Z',
  _count: { users: 2, cards: 1234, transactions: 9 },
};
const HARBOUR: StoreItem = { ...MAIN, id: '55555555-5555-4555-8555-555555555555', name: 'Harbour Kiosk', address: null, active: false };

/** The server: the store list, answering `lists` in turn (the last one repeated). */
function serve(...lists: StoreItem[][]) {
  const answers = lists.length > 0 ? lists : [[MAIN, HARBOUR]];
  let call = 0;
  server.use(http.get(api(STORES), () => HttpResponse.json<StoreListResponse>({ stores: answers[Math.min(call++, answers.length - 1)] })));
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<StoresPage />, { route: '/t/acme/stores', path: '/t/:slug/stores', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

/** Opens 'Create New Store' once the page has loaded. */
async function openCreate(user: ReturnType<typeof renderPage>['user']) {
  await user.click((await screen.findAllByRole('button', { name: 'Add Store' }))[0]);
  return screen.findByRole('dialog', { name: 'Create New Store' });
}

/** Opens 'Edit Store' of `name`. */
async function openEdit(user: ReturnType<typeof renderPage>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: 'Edit Store' });
}

describe('Stores page: the grid', () => {
  it('shows each store’s status, address (or No address), counts and creation date', async () => {
    serve();
    renderPage();
    const main = await screen.findByRole('article', { name: 'Store Main Street' });
    expect(within(main).getByText('Active')).toBeInTheDocument();
    expect(within(main).getByText('1 Market Square')).toBeInTheDocument();
    expect(within(main).getByTestId('store-count-staff')).toHaveTextContent('2');
    expect(within(main).getByTestId('store-count-cards')).toHaveTextContent('1,234');
    expect(within(main).getByTestId('store-count-transactions')).toHaveTextContent('9');
    expect(within(main).getByText(/^Created /)).toHaveTextContent('Jan 5, 2026');

    const harbour = screen.getByRole('article', { name: 'Store Harbour Kiosk' });
    expect(within(harbour).getByText('Inactive')).toBeInTheDocument();
    expect(within(harbour).getByText('No address')).toBeInTheDocument();
  });

  it('says when there are no stores yet, and offers to add the first one', async () => {
    serve([]);
    const { user } = renderPage();
    expect(await screen.findByText('No stores yet')).toBeInTheDocument();
    expect(screen.getByText('Add your first store to assign cards and staff to it.')).toBeInTheDocument();
    const adds = screen.getAllByRole('button', { name: 'Add Store' });
    expect(adds).toHaveLength(2);
    await user.click(adds[1]);
    expect(await screen.findByRole('dialog', { name: 'Create New Store' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the list cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api(STORES), () =>
        fail ? HttpResponse.json({ error: 'Tenant not found', code: 'NOT_FOUND' }, { status: 404 }) : HttpResponse.json<StoreListResponse>({ stores: [MAIN] }),
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load stores')).toBeInTheDocument();
    expect(screen.getByText('Tenant not found')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Store Main Street' })).toBeInTheDocument();
  });
});

describe('Stores page: creating a store', () => {
  it('asks for a name, refuses a long address and an out-of-range cap, and sends nothing', async () => {
    const sent = serve();
    const { user } = renderPage();
    const dialog = await openCreate(user);
    expect(within(dialog).getByText('Add a location where your staff serve customers.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Active' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));
    expect(within(dialog).getByLabelText('Store name')).toHaveAccessibleDescription('Store name is required');

    await user.click(within(dialog).getByLabelText('Address (optional)'));
    await user.paste('x'.repeat(301));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Online sign-up (Join our rewards page)' }));
    const cap = within(dialog).getByLabelText('Online sign-ups per day');
    await user.clear(cap);
    await user.type(cap, '1001');
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));

    expect(within(dialog).getByLabelText('Address (optional)')).toHaveAccessibleDescription('Address must be at most 300 characters');
    expect(cap).toHaveAccessibleDescription(new RegExp(DAILY_CAP_RANGE));
    expect(sent.to('POST', STORES)).toHaveLength(0);
  });

  it('creates a store (no address sent as null), says so, closes and shows it', async () => {
    const DOCKS: StoreItem = { ...MAIN, id: '77777777-7777-4777-8777-777777777777', name: 'Docks', address: null };
    const sent = serve([MAIN], [MAIN, DOCKS]);
    server.use(http.post(api(STORES), () => HttpResponse.json<StoreItem>(DOCKS, { status: 201 })));
    const { user } = renderPage();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Store name'), '  Docks ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));

    expect(await screen.findByText('Store created successfully')).toBeInTheDocument();
    expect(sent.to('POST', STORES)[0].body).toEqual({ name: 'Docks', address: null, selfEnrolment: false, selfEnrolmentDailyCap: 50 });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Store Docks' })).toBeInTheDocument();
  });

  it('puts a duplicate name on the name field and keeps the dialog open', async () => {
    const taken = 'A store with this name already exists';
    serve();
    server.use(http.post(api(STORES), () => HttpResponse.json({ error: taken, code: 'CONFLICT' }, { status: 409 })));
    const { user } = renderPage();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Store name'), 'Main Street');
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));

    await waitFor(() => expect(within(dialog).getByLabelText('Store name')).toHaveAccessibleDescription(taken));
    expect(dialog).toBeInTheDocument();
  });

  it('toasts the plan’s store limit, and the fallback when the server gives no reason', async () => {
    const limit = 'Your plan allows 1 store. Upgrade to add more.';
    let answer = HttpResponse.json({ error: limit, code: 'FORBIDDEN' }, { status: 403 });
    serve();
    server.use(http.post(api(STORES), () => answer));
    const { user } = renderPage();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Store name'), 'Docks');
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));
    expect(await screen.findByText(limit)).toBeInTheDocument();

    answer = new HttpResponse('Bad gateway', { status: 502 });
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));
    expect(await screen.findByText('Failed to create store. Please try again.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('closes on Cancel without sending anything', async () => {
    const sent = serve();
    const { user } = renderPage();
    const dialog = await openCreate(user);
    await user.type(within(dialog).getByLabelText('Store name'), 'Docks');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent.to('POST', STORES)).toHaveLength(0);
  });
});

describe('Stores page: editing a store', () => {
  it('shows the store’s details and sends the renamed, re-addressed store', async () => {
    const renamed: StoreItem = { ...MAIN, name: 'Market Hall', address: '2 Market Square' };
    const sent = serve([MAIN, HARBOUR], [renamed, HARBOUR]);
    server.use(http.put(api(`${STORES}/${STORE_ID}`), () => HttpResponse.json<StoreItem>(renamed)));
    const { user } = renderPage();
    const dialog = await openEdit(user, 'Main Street');
    expect(within(dialog).getByText('Change the store’s name, address or status.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Store name')).toHaveValue('Main Street');
    expect(within(dialog).getByLabelText('Address (optional)')).toHaveValue('1 Market Square');
    expect(within(dialog).getByRole('checkbox', { name: 'Active' })).toBeChecked();
    expect(within(dialog).getByText('Inactive stores stay listed with their history but are not offered for new cards.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Store name'));
    await user.type(within(dialog).getByLabelText('Store name'), 'Market Hall');
    await user.clear(within(dialog).getByLabelText('Address (optional)'));
    await user.type(within(dialog).getByLabelText('Address (optional)'), '2 Market Square');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Store updated successfully')).toBeInTheDocument();
    expect(sent.to('PUT', `${STORES}/${STORE_ID}`)[0].body).toEqual({
      name: 'Market Hall',
      address: '2 Market Square',
      active: true,
      selfEnrolment: false,
      selfEnrolmentDailyCap: 50,
    });
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByRole('article', { name: 'Store Market Hall' })).toHaveTextContent('2 Market Square');
  });

  it('deactivates a store and clears its address: the card says Inactive and No address', async () => {
    const closed: StoreItem = { ...MAIN, active: false, address: null };
    const sent = serve([MAIN], [closed]);
    server.use(http.put(api(`${STORES}/${STORE_ID}`), () => HttpResponse.json<StoreItem>(closed)));
    const { user } = renderPage();
    const dialog = await openEdit(user, 'Main Street');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Active' }));
    await user.clear(within(dialog).getByLabelText('Address (optional)'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Store updated successfully')).toBeInTheDocument();
    expect(sent.to('PUT', `${STORES}/${STORE_ID}`)[0].body).toMatchObject({ active: false, address: null });
    const card = screen.getByRole('article', { name: 'Store Main Street' });
    await waitFor(() => expect(within(card).getByText('Inactive')).toBeInTheDocument());
    expect(within(card).getByText('No address')).toBeInTheDocument();
  });

  it('toasts the fallback when the save fails without a reason, and keeps the dialog open', async () => {
    serve();
    server.use(http.put(api(`${STORES}/${STORE_ID}`), () => new HttpResponse(null, { status: 500 })));
    const { user } = renderPage();
    const dialog = await openEdit(user, 'Main Street');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update store. Please try again.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });
});
