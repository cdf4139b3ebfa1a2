import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiKeyListResponse, AuditEvent, AuditListResponse, StaffListResponse, StaffUser } from '@loyalty/contract';
import { saveBlob } from '@/lib/save-blob';
import { expectConsole } from '@/test/console';
import { ACME, STORE_ID, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { ActivityPage } from './activity-page';
import { PlatformActivityPage } from './platform-activity-page';

const LIST = '/t/acme/activity';
const CSV = '/t/acme/activity.csv';

function event(overrides: Partial<AuditEvent> = {}): AuditEvent {
  return {
    id: 'ev-1',
    createdAt: '2026-11-27T14:16:00.000Z',
    action: 'card.adjust',
    entity: 'card',
    entityId: 'ACME0001',
    actor: { kind: 'user', id: 'u-sam', name: 'Sam Acme' },
    ip: '203.0.113.7',
    before: { balanceCents: 528, reason: 'Goodwill' },
    after: { balanceCents: 603, reason: 'Goodwill' },
    tenant: null,
    ...overrides,
  };
}

const ADJUST = event();
const STORE_CREATED = event({
  id: 'ev-2',
  action: 'store.create',
  entity: 'store',
  entityId: STORE_ID,
  actor: { kind: 'api_key', id: 'key-1', name: 'Front till' },
  before: null,
  after: null,
});
const EXPIRED = event({ id: 'ev-3', action: 'cashback.expire', actor: { kind: 'system', id: null, name: null }, ip: null });

const SAM: StaffUser = {
  id: 'u-sam',
  email: 'sam@example.com',
  firstName: 'Sam',
  lastName: 'Acme',
  role: 'tenant_admin',
  storeId: null,
  store: null,
  active: true,
  invited: false,
  twoFactorEnabled: false,
  lastLogin: null,
  createdAt: '2026-01-05T12:00:00.000Z',
};

/** The server: the activity (`pages` answered by cursor: '' → first, then 'c1', …), the staff and the API keys. */
function serve(...pages: AuditEvent[][]) {
  const answers = pages.length > 0 ? pages : [[ADJUST, STORE_CREATED, EXPIRED]];
  server.use(
    http.get(api(LIST), ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor');
      const index = cursor ? Number(cursor.slice(1)) : 0;
      return HttpResponse.json<AuditListResponse>({ items: answers[index] ?? [], nextCursor: index + 1 < answers.length ? `c${index + 1}` : null });
    }),
    http.get(api('/t/acme/users'), () => HttpResponse.json<StaffListResponse>({ users: [SAM] })),
    http.get(api('/t/acme/api-keys'), () =>
      HttpResponse.json<ApiKeyListResponse>({
        keys: [
          {
            id: 'key-1',
            name: 'Front till',
            prefix: 'lc_test_Ab12Cd',
            scopes: [],
            storeId: null,
            storeName: null,
            createdByName: 'Sam Acme',
            createdAt: '2026-01-05T12:00:00.000Z',
            lastUsedAt: null,
            revokedAt: null,
          },
        ],
      }),
    ),
  );
  return recordRequests();
}

function renderPage(entry = '/t/acme/activity') {
  return renderRoutes([{ path: '/t/:slug/activity', element: <ActivityPage /> }], entry, { session: { user: userOf('tenant_admin'), tenant: ACME } });
}

const lastQuery = (sent: ReturnType<typeof recordRequests>) => Object.fromEntries(sent.to('GET', LIST).at(-1)?.query ?? []);

/** The table row whose action is `action`. */
async function rowOf(action: string) {
  const table = await screen.findByRole('table', { name: 'Activity' });
  return table.querySelector(`tr[data-action="${action}"]`) as HTMLElement;
}

describe('Activity page: the list', () => {
  it('lists who changed what, newest first, 50 at a time', async () => {
    const sent = serve();
    renderPage();
    const adjust = await rowOf('card.adjust');
    expect(within(adjust).getByRole('button', { name: 'Balance adjusted' })).toBeInTheDocument();
    expect(within(adjust).getByText('Sam Acme')).toBeInTheDocument();
    expect(within(adjust).getByText('203.0.113.7')).toBeInTheDocument();
    const created = await rowOf('store.create');
    expect(within(created).getByRole('button', { name: 'Store created' })).toBeInTheDocument();
    expect(within(created).getByText('API key: Front till')).toBeInTheDocument();
    const expired = await rowOf('cashback.expire');
    expect(within(expired).getByText('System')).toBeInTheDocument();
    expect(within(expired).getByText('—')).toBeInTheDocument();
    expect(lastQuery(sent)).toEqual({ limit: '50' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the next page with the cursor on Load more, and adds its rows', async () => {
    const sent = serve([ADJUST], [STORE_CREATED]);
    const { user } = renderPage();
    await rowOf('card.adjust');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await rowOf('store.create')).toBeInTheDocument();
    expect(await rowOf('card.adjust')).toBeInTheDocument();
    expect(lastQuery(sent)).toEqual({ limit: '50', cursor: 'c1' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('says when nothing happened yet', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(screen.getByText('Changes to money, rules, stores, staff and settings appear here as they happen.')).toBeInTheDocument();
  });

  it('says when the activity cannot be loaded, with the server’s reason', async () => {
    serve();
    server.use(http.get(api(LIST), () => HttpResponse.json({ error: 'Forbidden', code: 'FORBIDDEN' }, { status: 403 })));
    renderPage();
    expect((await screen.findAllByText('Failed to load the activity')).length).toBeGreaterThan(0);
    expect(screen.getByText('Forbidden')).toBeInTheDocument();
  });
});

describe('Activity page: filters', () => {
  it('offers the staff and the API keys as actors, and sends the actor and action chosen', async () => {
    const sent = serve();
    const { user, router } = renderPage();
    await rowOf('card.adjust');
    const actor = screen.getByLabelText('Actor');
    expect(await within(actor).findByRole('option', { name: 'API key: Front till' })).toBeInTheDocument();
    expect(within(actor).getByRole('option', { name: 'Everyone' })).toBeInTheDocument();
    await user.selectOptions(actor, 'Sam Acme');
    await waitFor(() => expect(lastQuery(sent)).toEqual({ actor: 'u-sam', limit: '50' }));

    await user.selectOptions(screen.getByLabelText('Action'), 'Store created');
    await waitFor(() => expect(lastQuery(sent)).toEqual({ actor: 'u-sam', action: 'store.create', limit: '50' }));
    expect(new URLSearchParams(router.state.location.search).get('action')).toBe('store.create');
  });

  it('sends the days chosen, and keeps To from starting before From', async () => {
    const sent = serve();
    const { user } = renderPage();
    await rowOf('card.adjust');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => expect(lastQuery(sent)).toEqual({ from: '2026-11-01', limit: '50' }));
    expect(screen.getByLabelText('To')).toHaveAttribute('min', '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-30');
    await waitFor(() => expect(lastQuery(sent)).toEqual({ from: '2026-11-01', to: '2026-11-30', limit: '50' }));
    expect(screen.getByLabelText('From')).toHaveAttribute('max', '2026-11-30');
  });

  it('reads the filters from the address, drops an unknown action, and clears them when nothing matches', async () => {
    const sent = serve([]);
    const { user, router } = renderPage('/t/acme/activity?action=nonsense&from=2026-11-01');
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
    expect(lastQuery(sent)).toEqual({ from: '2026-11-01', limit: '50' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(lastQuery(sent)).toEqual({ limit: '50' });
  });
});

describe('Activity page: details and export', () => {
  it('opens what changed: money from cents, unchanged fields plain', async () => {
    serve();
    const { user } = renderPage();
    await user.click(within(await rowOf('card.adjust')).getByRole('button', { name: 'Balance adjusted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Balance adjusted' });
    expect(dialog).toHaveTextContent(/Sam Acme · /);
    expect(dialog).toHaveTextContent('card ACME0001');
    expect(dialog).toHaveTextContent('203.0.113.7');
    const changes = within(dialog).getByRole('table', { name: 'What changed' });
    const balance = within(changes).getByRole('rowheader', { name: 'Balance' }).closest('tr') as HTMLElement;
    expect(within(balance).getByText('$5.28')).toBeInTheDocument();
    expect(within(balance).getByText('$6.03')).toBeInTheDocument();
    expect(balance).toHaveClass('font-semibold');
    expect(within(changes).getByRole('rowheader', { name: 'Reason' }).closest('tr')).not.toHaveClass('font-semibold');
  });

  it('says when a change recorded no details', async () => {
    serve();
    const { user } = renderPage();
    await user.click(within(await rowOf('store.create')).getByRole('button', { name: 'Store created' }));
    const dialog = await screen.findByRole('dialog', { name: 'Store created' });
    expect(within(dialog).getByText('No details were recorded for this change.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
  });

  it('exports the filtered activity as activity.csv', async () => {
    const sent = serve();
    server.use(http.get(api(CSV), () => new HttpResponse('time,action\n', { headers: { 'Content-Type': 'text/csv' } })));
    const { user } = renderPage('/t/acme/activity?action=card.adjust&actor=u-sam');
    await rowOf('card.adjust');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saveBlob).toHaveBeenCalledWith(expect.any(Blob), 'activity.csv'));
    expect(Object.fromEntries(sent.to('GET', CSV)[0].query)).toEqual({ actor: 'u-sam', action: 'card.adjust' });
  });

  it('says why the export failed', async () => {
    expectConsole('error', 'Failed to export the activity:');
    serve();
    server.use(http.get(api(CSV), () => HttpResponse.json({ error: 'Use a date like 2026-01-31', code: 'VALIDATION' }, { status: 400 })));
    const { user } = renderPage();
    await rowOf('card.adjust');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Use a date like 2026-01-31')).toBeInTheDocument();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});

describe('Platform activity page', () => {
  const PLATFORM = '/platform/activity';

  function servePlatform(items: AuditEvent[]) {
    server.use(http.get(api(PLATFORM), () => HttpResponse.json<AuditListResponse>({ items, nextCursor: null })));
    return recordRequests();
  }

  function renderPlatform() {
    return renderRoutes([{ path: '/platform/activity', element: <PlatformActivityPage /> }], '/platform/activity', {
      session: { user: userOf('platform_admin'), tenant: null },
    });
  }

  it('names each event’s business, or Platform, and has no actor filter', async () => {
    servePlatform([
      event({ tenant: { id: ACME.id, name: 'Acme Coffee', slug: 'acme' } }),
      event({ id: 'ev-9', action: 'platform.admin.sign_in', entity: 'user', tenant: null }),
    ]);
    renderPlatform();
    const table = await screen.findByRole('table', { name: 'Activity' });
    expect(within(table.querySelector('tr[data-action="card.adjust"]') as HTMLElement).getByText('Acme Coffee')).toBeInTheDocument();
    const signIn = table.querySelector('tr[data-action="platform.admin.sign_in"]') as HTMLElement;
    expect(within(signIn).getByText('Platform')).toBeInTheDocument();
    expect(within(signIn).getByRole('button', { name: 'Platform admin signed in' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Actor')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('filters by the tenant typed, on Enter', async () => {
    const sent = servePlatform([]);
    const { user } = renderPlatform();
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Tenant'), 'acme{Enter}');
    await waitFor(() => expect(Object.fromEntries(sent.to('GET', PLATFORM).at(-1)?.query ?? [])).toEqual({ tenant: 'acme', limit: '50' }));
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
  });
});
