import { screen, waitFor, within } from '@testing-library/react';
import type { ApiKeyItem, CreateApiKeyResponse, StoreItem } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, STORE_ID, userOf } from '@/test/fixtures';
import { json, stubFetch, type FetchStub, type Reply } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { API_KEY_TEXTS } from '../lib/texts';
import { IntegrationsPage } from './integrations-page';

const KEYS = '/api/t/acme/api-keys';
const STORES = '/api/t/acme/stores';

const TILL: ApiKeyItem = {
  id: 'k-till',
  name: 'Front till',
  prefix: 'lc_test_Ab12Cd',
  scopes: ['pos:write', 'read'],
  storeId: STORE_ID,
  storeName: 'Main Street',
  createdByName: 'Sam Acme',
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
};
/** Revoked, any store, used once. */
const SCRIPT: ApiKeyItem = {
  ...TILL,
  id: 'k-script',
  name: 'Old script',
  prefix: 'lc_test_Zz99Yy',
  scopes: ['read'],
  storeId: null,
  storeName: null,
  lastUsedAt: '2026-03-02T10:00:00.000Z',
  revokedAt: '2026-03-03T10:00:00.000Z',
};
const MAIN: StoreItem = {
  id: STORE_ID,
  name: 'Main Street',
  address: null,
  active: true,
  selfEnrolment: true,
  selfEnrolmentDailyCap: 50,
  createdAt: '2026-01-05T12:00:00.000Z',
  _count: { users: 1, cards: 0, transactions: 0 },
};
const CLOSED: StoreItem = { ...MAIN, id: '55555555-5555-4555-8555-555555555555', name: 'Closed Kiosk', active: false };
const NEW_KEY = 'lc_test_Qw3rTy0123456789abcdefghijklmnop';

/** The pretend server: the key list (answers in turn) and the stores. */
function serverWith(...lists: Reply[]): FetchStub {
  return stubFetch()
    .on('GET', KEYS, ...(lists.length > 0 ? lists : [json(200, { keys: [TILL, SCRIPT] })]))
    .on('GET', STORES, json(200, { stores: [MAIN, CLOSED] }));
}

/** The Integrations page of 'acme' for its admin (the API keys tab is open first). */
function renderPage() {
  const view = renderWithProviders(<IntegrationsPage />, {
    route: '/t/acme/integrations',
    path: '/t/:slug/integrations',
    session: { user: userOf('tenant_admin'), tenant: ACME },
  });
  const rowOf = (table: HTMLElement, name: string) =>
    within(table)
      .getAllByRole('row')
      .find((row) => within(row).queryByText(name) !== null) as HTMLElement;
  return { ...view, rowOf };
}

/** Opens 'Create API key' and fills the name. */
async function openCreate(user: ReturnType<typeof renderPage>['user'], name = 'Web shop') {
  await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
  await user.type(within(dialog).getByLabelText('Name'), name);
  return dialog;
}

describe('Integrations page: API keys', () => {
  it('lists the keys: prefix, scopes, store, last use and status; Revoke only on active keys', async () => {
    serverWith();
    const { rowOf } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'API keys', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Key', 'Scopes', 'Store', 'Last used', 'Created', 'Status', 'Actions']);

    const till = rowOf(table, 'Front till');
    expect(within(till).getByText('lc_test_Ab12Cd…')).toBeInTheDocument();
    expect(within(till).getByText('pos:write')).toBeInTheDocument();
    expect(within(till).getByText('read')).toBeInTheDocument();
    expect(within(till).getByText('Main Street')).toBeInTheDocument();
    expect(within(till).getByText('Never')).toBeInTheDocument();
    expect(within(till).getByText('Active')).toBeInTheDocument();
    expect(within(till).getByRole('button', { name: 'Revoke Front till' })).toBeInTheDocument();

    const script = rowOf(table, 'Old script');
    expect(within(script).getByText('All stores')).toBeInTheDocument();
    expect(within(script).getByText('Revoked')).toBeInTheDocument();
    expect(within(script).queryByText('Never')).not.toBeInTheDocument();
    expect(within(script).queryByRole('button', { name: /revoke/i })).not.toBeInTheDocument();

    const docs = screen.getByRole('link', { name: /Read the API docs/ });
    expect(docs).toHaveAttribute('href', '/api/v1/docs');
    expect(docs).toHaveAttribute('target', '_blank');
  });

  it("says 'No API keys yet' when there are none, and shows a load failure with Try again", async () => {
    serverWith(json(200, { keys: [] }));
    const { unmount } = renderPage();
    expect(await screen.findByRole('heading', { name: 'No API keys yet' })).toBeInTheDocument();
    unmount();

    serverWith(json(500, { error: 'Database unavailable', code: 'INTERNAL' }), json(200, { keys: [TILL] }));
    const { user } = renderPage();
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'API keys' })).toBeInTheDocument();
  });

  it('creates a key with the ticked scopes and the chosen store, then shows the key once with the copy warning', async () => {
    const created: CreateApiKeyResponse = { ...TILL, id: 'k-web', name: 'Web shop', prefix: NEW_KEY.slice(0, 14), key: NEW_KEY };
    const server = serverWith().on('POST', KEYS, json(201, created));
    const { user } = renderPage();
    const dialog = await openCreate(user);
    // Only the active stores are offered, after 'All stores'.
    await within(dialog).findByRole('option', { name: 'Main Street' });
    expect(
      within(within(dialog).getByLabelText('Store'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All stores', 'Main Street']);
    await user.click(within(dialog).getByRole('checkbox', { name: 'read — cards, customers, transactions and reports' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'pos:write — earn, redeem, refund and void' }));
    await user.selectOptions(within(dialog).getByLabelText('Store'), 'Main Street');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'API key created' });
    expect(server.requestsTo('POST', KEYS)).toHaveLength(1);
    expect(server.requestsTo('POST', KEYS)[0].body).toEqual({ name: 'Web shop', scopes: ['pos:write', 'read'], storeId: STORE_ID });
    const field = within(shown).getByLabelText('API key');
    expect(field).toHaveValue(NEW_KEY);
    expect(field).toHaveAttribute('readonly');
    expect(within(shown).getByText(API_KEY_TEXTS.keyWarning)).toBeVisible();
    expect(API_KEY_TEXTS.keyWarning).toBe("Copy this key now. You won't be able to see it again.");

    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(NEW_KEY)).not.toBeInTheDocument();
    // Opening the dialog again starts a new, empty form: the key is gone for good.
    await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]);
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(again).getByLabelText('Name')).toHaveValue('');
  });

  it('sends storeId null for All stores, and asks for a scope before sending anything', async () => {
    const server = serverWith().on('POST', KEYS, json(201, { ...TILL, id: 'k-new', storeId: null, storeName: null, key: NEW_KEY }));
    const { user } = renderPage();
    const dialog = await openCreate(user, '  Reports  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one scope')).toBeVisible();
    expect(server.requestsTo('POST', KEYS)).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: /^read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'API key created' });
    expect(server.requestsTo('POST', KEYS)[0].body).toEqual({ name: 'Reports', scopes: ['read'], storeId: null });
  });

  it("shows a 400's field error on its field, and any other refusal in an alert", async () => {
    const fieldError = json(400, {
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'body.name', message: 'A key with this name already exists' }],
    });
    const server = serverWith().on('POST', KEYS, fieldError, json(403, { error: 'Your plan does not include the API', code: 'FORBIDDEN' }));
    const { user } = renderPage();
    const dialog = await openCreate(user, 'Front till');
    await user.click(within(dialog).getByRole('checkbox', { name: /^pos:write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('A key with this name already exists'));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your plan does not include the API');
    expect(server.requestsTo('POST', KEYS)).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Create API key' })).toBeInTheDocument();
  });

  it('asks before revoking, sends nothing on Cancel, and DELETEs only after Revoke key', async () => {
    const server = serverWith().on('DELETE', `${KEYS}/k-till`, json(200, { ...TILL, revokedAt: '2026-03-04T10:00:00.000Z' }));
    const { user, rowOf } = renderPage();
    const table = await screen.findByRole('table', { name: 'API keys' });

    await user.click(within(rowOf(table, 'Front till')).getByRole('button', { name: 'Revoke Front till' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Revoke API key' });
    expect(confirm).toHaveTextContent("Revoke key 'Front till'? Integrations using it stop working at once. This cannot be undone.");
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(server.requestsTo('DELETE', `${KEYS}/k-till`)).toHaveLength(0);

    await user.click(within(rowOf(table, 'Front till')).getByRole('button', { name: 'Revoke Front till' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Revoke API key' });
    expect(server.requestsTo('DELETE', `${KEYS}/k-till`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText(API_KEY_TEXTS.revoked)).toBeInTheDocument();
    expect(server.requestsTo('DELETE', `${KEYS}/k-till`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(server.requestsTo('GET', KEYS)).toHaveLength(2));
  });

  it("shows the server's refusal of a revoke in the dialog", async () => {
    serverWith().on('DELETE', `${KEYS}/k-till`, json(404, { error: 'API key not found', code: 'NOT_FOUND' }));
    const { user, rowOf } = renderPage();
    const table = await screen.findByRole('table', { name: 'API keys' });
    await user.click(within(rowOf(table, 'Front till')).getByRole('button', { name: 'Revoke Front till' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke API key' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('API key not found');
  });
});
