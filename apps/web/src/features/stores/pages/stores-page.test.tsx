import { screen, waitFor, within } from '@testing-library/react';
import { DAILY_CAP_RANGE, type StoreItem } from '@loyalty/contract';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api';
import { saveBlob } from '@/lib/save-blob';
import { ACME, STORE_ID, userOf } from '@/test/fixtures';
import { file, json, networkError, stubFetch, type FetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { SELF_ENROLMENT_FIELD } from '../components/store-form-dialog';
import { POSTER_MESSAGES } from '../components/join-poster-menu';
import { StoresPage } from './stores-page';

const STORES = '/api/t/acme/stores';
const MAIN: StoreItem = {
  id: STORE_ID,
  name: 'Main Street',
  address: '1 Market Square',
  active: true,
  selfEnrolment: true,
  selfEnrolmentDailyCap: 50,
  createdAt: '2026-01-05T12:00:00.000Z',
  _count: { users: 2, cards: 5, transactions: 9 },
};
/** Self-enrolment switched off. */
const HARBOUR: StoreItem = { ...MAIN, id: '55555555-5555-4555-8555-555555555555', name: 'Harbour Kiosk', address: null, selfEnrolment: false };
/** Inactive, self-enrolment still on: its join page is closed all the same. */
const OLD_TOWN: StoreItem = { ...MAIN, id: '66666666-6666-4666-8666-666666666666', name: 'Old Town', active: false };
const posterPath = (id: string, paper: string) => `/api/t/acme/stores/${id}/poster?paper=${paper}`;

/** The pretend server: the store list (HARBOUR, MAIN, OLD_TOWN unless told). */
function serverWith(stores: StoreItem[] = [HARBOUR, MAIN, OLD_TOWN]): FetchStub {
  return stubFetch().on('GET', STORES, json(200, { stores }));
}

/** The Stores page of 'acme' for its admin, once the store cards show. */
async function renderPage() {
  const view = renderWithProviders(<StoresPage />, {
    route: '/t/acme/stores',
    path: '/t/:slug/stores',
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
  await screen.findByRole('article', { name: 'Store Main Street' });
  const card = (name: string) => screen.getByRole('article', { name: `Store ${name}` });
  return { ...view, card };
}

describe("Stores page: online sign-up and the 'Join our rewards' poster", () => {
  it('switches online sign-up off in Edit Store and sends selfEnrolment: false in the PUT body', async () => {
    const server = serverWith().on('PUT', `${STORES}/${STORE_ID}`, json(200, { ...MAIN, selfEnrolment: false }));
    const { user, card } = await renderPage();
    await user.click(within(card('Main Street')).getByRole('button', { name: 'Edit Main Street' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Store' });
    const toggle = within(dialog).getByRole('checkbox', { name: SELF_ENROLMENT_FIELD.label });
    expect(toggle).toBeChecked();
    expect(within(dialog).getByText(/Customers can join from the poster’s QR code/)).toBeVisible();

    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Store updated successfully')).toBeVisible();
    expect(server.requestsTo('PUT', `${STORES}/${STORE_ID}`)[0].body).toEqual({
      name: 'Main Street',
      address: '1 Market Square',
      active: true,
      selfEnrolment: false,
      selfEnrolmentDailyCap: 50,
    });
  });

  it('shows a store whose sign-up is off unticked, and switches it back on', async () => {
    const id = HARBOUR.id;
    const server = serverWith().on('PUT', `${STORES}/${id}`, json(200, { ...HARBOUR, selfEnrolment: true }));
    const { user, card } = await renderPage();
    await user.click(within(card('Harbour Kiosk')).getByRole('button', { name: 'Edit Harbour Kiosk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Store' });
    const toggle = within(dialog).getByRole('checkbox', { name: SELF_ENROLMENT_FIELD.label });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await screen.findByText('Store updated successfully');
    expect(server.requestsTo('PUT', `${STORES}/${id}`)[0].body).toMatchObject({ name: 'Harbour Kiosk', selfEnrolment: true });
  });

  it('offers online sign-up, off by default, when creating a store; turned on it asks for the daily cap (50) and sends both', async () => {
    const server = serverWith().on('POST', STORES, json(201, { ...HARBOUR, id: 'new', name: 'Pier Stand' }));
    const { user } = await renderPage();
    await user.click(screen.getAllByRole('button', { name: 'Add Store' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Create New Store' });
    await user.type(within(dialog).getByLabelText('Store name'), 'Pier Stand');
    const toggle = within(dialog).getByRole('checkbox', { name: SELF_ENROLMENT_FIELD.label });
    expect(toggle).not.toBeChecked();
    expect(within(dialog).queryByLabelText(SELF_ENROLMENT_FIELD.capLabel)).not.toBeInTheDocument();
    await user.click(toggle);
    const cap = within(dialog).getByLabelText(SELF_ENROLMENT_FIELD.capLabel);
    expect(cap).toHaveValue(50);
    expect(within(dialog).getByText(/The last 10 % of your card quota always stays for the till/)).toBeVisible();
    await user.clear(cap);
    await user.type(cap, '1001');
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));
    expect(await within(dialog).findByText(DAILY_CAP_RANGE)).toBeVisible();
    expect(server.requestsTo('POST', STORES)).toHaveLength(0);
    await user.clear(cap);
    await user.type(cap, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Create Store' }));
    await screen.findByText('Store created successfully');
    expect(server.requestsTo('POST', STORES)[0].body).toEqual({ name: 'Pier Stand', address: null, selfEnrolment: true, selfEnrolmentDailyCap: 25 });
  });

  it("offers 'Join poster' only on active stores with sign-up on; the others say 'Online sign-up off'", async () => {
    serverWith();
    const { card } = await renderPage();
    expect(within(card('Main Street')).getByRole('button', { name: 'Join poster for Main Street' })).toBeVisible();
    expect(within(card('Main Street')).queryByText('Online sign-up off')).not.toBeInTheDocument();
    for (const name of ['Harbour Kiosk', 'Old Town']) {
      expect(within(card(name)).queryByRole('button', { name: /join poster/i }), name).not.toBeInTheDocument();
      expect(within(card(name)).getByText('Online sign-up off')).toBeVisible();
    }
  });

  it('downloads the poster on the chosen paper from /stores/{id}/poster?paper= and saves it under the server’s name', async () => {
    const server = serverWith()
      .on(
        'GET',
        posterPath(STORE_ID, 'letter'),
        file('%PDF-1.3 letter', { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="join-poster-main-street-letter.pdf"' }),
      )
      .on(
        'GET',
        posterPath(STORE_ID, 'a4'),
        file('%PDF-1.3 a4', { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="join-poster-main-street-a4.pdf"' }),
      );
    const { user, card } = await renderPage();
    const trigger = within(card('Main Street')).getByRole('button', { name: 'Join poster for Main Street' });
    await user.click(trigger);
    const menu = screen.getByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['A4', 'Letter', 'Open sign-up page']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Letter' }));

    expect(await screen.findByText(POSTER_MESSAGES.downloaded)).toBeVisible();
    expect(server.requestsTo('GET', posterPath(STORE_ID, 'letter'))).toHaveLength(1);
    expect(saveBlob).toHaveBeenCalledTimes(1);
    const [blob, name] = vi.mocked(saveBlob).mock.calls[0];
    expect(name).toBe('join-poster-main-street-letter.pdf');
    expect(await blob.text()).toBe('%PDF-1.3 letter');

    await user.click(trigger);
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'A4' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(2));
    expect(vi.mocked(saveBlob).mock.calls[1][1]).toBe('join-poster-main-street-a4.pdf');
    expect(server.requestsTo('GET', posterPath(STORE_ID, 'a4'))).toHaveLength(1);
  });

  it("toasts the server's message when the download fails, and saves nothing", async () => {
    const message = 'Self-enrolment is off for this store. Turn it on to print its poster.';
    serverWith().on('GET', posterPath(STORE_ID, 'a4'), json(422, { error: message, code: 'BUSINESS_RULE' }));
    const { user, card } = await renderPage();
    await user.click(within(card('Main Street')).getByRole('button', { name: 'Join poster for Main Street' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'A4' }));
    expect(await screen.findByText(message)).toBeVisible();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it('toasts the network error when the connection is down', async () => {
    serverWith([MAIN]).on('GET', posterPath(STORE_ID, 'letter'), networkError());
    const { user, card } = await renderPage();
    await user.click(within(card('Main Street')).getByRole('button', { name: 'Join poster for Main Street' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Letter' }));
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeVisible();
    expect(saveBlob).not.toHaveBeenCalled();
  });

  it("opens the store's sign-up page, the address its poster's QR leads to, in a new tab", async () => {
    serverWith([MAIN]);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user, card } = await renderPage();
    await user.click(within(card('Main Street')).getByRole('button', { name: 'Join poster for Main Street' }));
    await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Open sign-up page' }));
    expect(open).toHaveBeenCalledWith(`/acme/join?store=${STORE_ID}`, '_blank', 'noopener');
    open.mockRestore();
  });
});
