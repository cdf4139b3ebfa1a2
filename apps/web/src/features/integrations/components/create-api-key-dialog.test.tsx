import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiKeyItem, ApiKeyListResponse, CreateApiKeyResponse } from '@loyalty/contract';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { ApiKeysTab } from './api-keys-tab';

const KEYS = '/t/acme/api-keys';
const STORES = '/t/acme/stores';
const NEW_KEY = 'lc_test_Qw3rTy0123456789abcdefghijklmnop';

const TILL: ApiKeyItem = {
  id: 'k-till',
  name: 'Front till',
  prefix: 'lc_test_Ab12Cd',
  scopes: ['read'],
  storeId: null,
  storeName: null,
  createdByName: null,
  createdAt: '2026-03-01T09:00:00.000Z',
  lastUsedAt: '2026-03-02T10:00:00.000Z',
  revokedAt: null,
};
const CREATED: CreateApiKeyResponse = { ...TILL, id: 'k-web', name: 'Web shop', prefix: NEW_KEY.slice(0, 14), key: NEW_KEY };

/** The server: the key list answers `lists` in turn (the last one again), the stores `stores`. */
function serve(
  lists: Array<() => Response> = [() => HttpResponse.json<ApiKeyListResponse>({ keys: [TILL] })],
  stores: () => Response = () => HttpResponse.json({ stores: [] }),
) {
  let answered = 0;
  server.use(
    http.get(api(KEYS), () => lists[Math.min(answered++, lists.length - 1)]()),
    http.get(api(STORES), stores),
    http.post(api(KEYS), () => HttpResponse.json(CREATED, { status: 201 })),
  );
  return recordRequests();
}

async function renderTab() {
  const view = renderWithProviders(<ApiKeysTab slug="acme" />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
  await screen.findByRole('table', { name: 'API keys' });
  return view;
}

async function createKey(user: Awaited<ReturnType<typeof renderTab>>['user']) {
  await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
  await user.type(within(dialog).getByLabelText('Name'), 'Web shop');
  await user.click(within(dialog).getByRole('checkbox', { name: /^read/ }));
  await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
  return screen.findByRole('dialog', { name: 'API key created' });
}

describe('API keys: the key shown once', () => {
  it('names the key, and asks to copy by hand when the browser refuses the clipboard', async () => {
    serve();
    const { user } = await renderTab();
    const shown = await createKey(user);
    expect(shown).toHaveTextContent("Key 'Web shop' is ready to use.");
    const refuse = vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('Your browser did not allow copying. Select the text and copy it by hand.')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(refuse).toHaveBeenCalledWith(NEW_KEY);
    refuse.mockRestore();
  });

  it('announces the copy to screen readers', async () => {
    serve();
    const { user } = await renderTab();
    const shown = await createKey(user);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('API key copied to the clipboard')).toHaveAttribute('role', 'status');
  });

  it('lists the new key after the dialog closes, and keeps the list with a warning when that refresh fails', async () => {
    const sent = serve([
      () => HttpResponse.json<ApiKeyListResponse>({ keys: [TILL] }),
      () => HttpResponse.json({ error: 'Database unavailable' }, { status: 503 }),
    ]);
    const { user } = await renderTab();
    const shown = await createKey(user);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(sent.to('GET', KEYS)).toHaveLength(2));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'API keys' })).toHaveTextContent('Front till');
  });
});

describe('API keys: the create form', () => {
  it('says when the stores cannot be loaded, and still creates a key for all stores', async () => {
    const sent = serve(undefined, () => HttpResponse.json({ error: 'Stores are unavailable' }, { status: 500 }));
    const { user } = await renderTab();
    await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(await within(dialog).findByText('Stores are unavailable')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Store')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'Web shop');
    await user.click(within(dialog).getByRole('checkbox', { name: /^customers:write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await screen.findByRole('dialog', { name: 'API key created' });
    expect(sent.to('POST', KEYS)[0].body).toEqual({ name: 'Web shop', scopes: ['customers:write'], storeId: null });
  });

  it('refuses a blank name and sends nothing', async () => {
    const sent = serve();
    const { user } = await renderTab();
    await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^read/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'));
    expect(sent.to('POST', KEYS)).toHaveLength(0);
  });

  it('forgets what was typed on Cancel', async () => {
    const sent = serve();
    const { user } = await renderTab();
    await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]);
    let dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'Draft');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]);
    dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('');
    expect(sent.to('POST', KEYS)).toHaveLength(0);
  });
});
