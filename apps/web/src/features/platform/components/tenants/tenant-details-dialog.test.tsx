import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlatformTenant, PlatformTenantAdmin, PlatformTenantAdminsResponse } from '@loyalty/contract';
import { tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { formatDate, formatDateTime } from '@/lib/format';
import { TenantDetailsDialog } from './tenant-details-dialog';

function platformTenant(overrides: Partial<PlatformTenant> = {}): PlatformTenant {
  const { paymentProvider: _provider, ...tenant } = tenantWith();
  return { ...tenant, owner: { email: 'owner@acme.test', firstName: 'Olive', lastName: 'Owner' }, customersCount: 1_234, ...overrides };
}

const ACME = platformTenant();
const ADMINS = `/platform/tenants/${ACME.id}/admins`;

function admin(overrides: Partial<PlatformTenantAdmin> = {}): PlatformTenantAdmin {
  return { id: 'u-olive', email: 'owner@acme.test', firstName: 'Olive', lastName: 'Owner', active: true, twoFactorEnabled: true, ...overrides };
}

const OLIVE = admin();
const BEN = admin({ id: 'u-ben', email: 'ben@acme.test', firstName: 'Ben', lastName: 'Backup', twoFactorEnabled: false });
const RESET = `/platform/tenants/${ACME.id}/users/${OLIVE.id}/2fa/reset`;

/** The server: the tenant's Store Admins answer `admins`. */
function serve(admins: PlatformTenantAdmin[] = [OLIVE, BEN]) {
  server.use(http.get(api(ADMINS), () => HttpResponse.json<PlatformTenantAdminsResponse>({ admins })));
  return recordRequests();
}

/** The dialog over the tenants page, with the tenant's dashboard its link leads to. */
function renderDialog(tenant: PlatformTenant = ACME) {
  const onClose = vi.fn();
  const onEdit = vi.fn();
  const view = renderRoutes(
    [
      { path: '/platform/tenants', element: <TenantDetailsDialog tenant={tenant} onClose={onClose} onEdit={onEdit} /> },
      { path: '/t/:slug/dashboard', element: <h1>Tenant dashboard</h1> },
    ],
    '/platform/tenants',
    { session: { user: userOf('platform_admin'), tenant: null } },
  );
  const dialog = screen.getByRole('dialog', { name: 'Tenant Details' });
  return { ...view, onClose, onEdit, dialog };
}

/** The value of the fact (tile or row) labelled `label` inside `scope`. */
function fact(scope: HTMLElement, label: string): HTMLElement {
  const term = within(scope).getAllByText(label, { selector: 'dt' })[0];
  return term.nextElementSibling as HTMLElement;
}

describe('Tenant details: the facts', () => {
  it('shows the tenant’s name, address, status and counts', async () => {
    serve();
    const tenant = platformTenant({
      subscriptionStatus: 'ACTIVE',
      _count: { cards: 3, users: 4, stores: 2 },
      subscriptionInfo: { isActive: true, planId: 'p1', planName: 'Professional', cardLimit: 1000, cardsUsed: 250, cardsRemaining: 750 },
    });
    const { dialog } = renderDialog(tenant);
    expect(within(dialog).getByTestId('details-name')).toHaveTextContent('Acme Coffee');
    expect(within(dialog).getByText('/t/acme')).toBeInTheDocument();
    expect(fact(dialog, 'Cards')).toHaveTextContent('250 / 1,000');
    expect(fact(dialog, 'Stores')).toHaveTextContent('2');
    expect(fact(dialog, 'Staff')).toHaveTextContent('4');
    expect(fact(dialog, 'Customers')).toHaveTextContent('1,234');
    expect(fact(dialog, 'Plan')).toHaveTextContent('Professional');
    expect(fact(dialog, 'Card limit')).toHaveTextContent('1,000');
    expect(fact(dialog, 'Cards remaining')).toHaveTextContent('750');
    expect(fact(dialog, 'Status')).toHaveTextContent('ACTIVE');
    await screen.findByText('Ben Backup');
  });

  it('shows the owner, or says there is no active Store Admin', async () => {
    serve([]);
    const { dialog, unmount } = renderDialog();
    expect(fact(dialog, 'Name')).toHaveTextContent('Olive Owner');
    expect(fact(dialog, 'Email')).toHaveTextContent('owner@acme.test');
    await waitFor(() => expect(within(dialog).queryByText('Loading Store Admins')).not.toBeInTheDocument());
    unmount();

    const orphan = renderDialog(platformTenant({ owner: null }));
    expect(within(orphan.dialog).getByText('No active Store Admin')).toBeInTheDocument();
    await waitFor(() => expect(within(orphan.dialog).queryByText('Loading Store Admins')).not.toBeInTheDocument());
  });

  it('shows the trial’s subscription facts: free trial, trial end, no grace, may transact', async () => {
    serve([]);
    const { dialog } = renderDialog();
    expect(fact(dialog, 'Plan')).toHaveTextContent('Free trial');
    expect(fact(dialog, 'Card limit')).toHaveTextContent('100');
    expect(fact(dialog, 'Cards used')).toHaveTextContent('3');
    expect(fact(dialog, 'Cards remaining')).toHaveTextContent('97');
    expect(fact(dialog, 'Free trial limit')).toHaveTextContent('100 activations');
    expect(fact(dialog, 'Trial ends')).toHaveTextContent(formatDateTime(ACME.trialEndsAt));
    expect(fact(dialog, 'Grace period ends')).toHaveTextContent('—');
    expect(fact(dialog, 'Can transact')).toHaveTextContent('Yes');
    expect(fact(dialog, 'Subscription required')).toHaveTextContent('No');
    expect(fact(dialog, 'Tenant ID')).toHaveTextContent(ACME.id);
    expect(fact(dialog, 'Created')).toHaveTextContent(formatDate(ACME.createdAt));
    await waitFor(() => expect(within(dialog).queryByText('Loading Store Admins')).not.toBeInTheDocument());
  });

  it('shows an unlimited plan and a blocked tenant that needs a subscription', async () => {
    serve([]);
    const { dialog } = renderDialog(
      platformTenant({
        subscriptionStatus: 'PAST_DUE',
        graceEndsAt: '2026-12-10T00:00:00.000Z',
        canTransact: false,
        subscriptionRequired: true,
        subscriptionInfo: { isActive: false, planId: 'p2', planName: 'Enterprise', cardLimit: -1, cardsUsed: 5_000, cardsRemaining: -1 },
      }),
    );
    expect(fact(dialog, 'Cards')).toHaveTextContent('5,000 / ∞');
    expect(fact(dialog, 'Card limit')).toHaveTextContent('Unlimited');
    expect(fact(dialog, 'Cards remaining')).toHaveTextContent('Unlimited');
    expect(fact(dialog, 'Grace period ends')).toHaveTextContent(formatDateTime('2026-12-10T00:00:00.000Z'));
    expect(fact(dialog, 'Can transact')).toHaveTextContent('No');
    expect(fact(dialog, 'Subscription required')).toHaveTextContent('Yes');
    expect(fact(dialog, 'Status')).toHaveTextContent('Past Due');
    await waitFor(() => expect(within(dialog).queryByText('Loading Store Admins')).not.toBeInTheDocument());
  });
});

describe('Tenant details: the actions', () => {
  it('closes, and hands the tenant to Edit Tenant', async () => {
    serve();
    const { user, dialog, onClose, onEdit } = renderDialog();
    await within(dialog).findByText('Ben Backup');
    await user.click(within(dialog).getByRole('button', { name: 'Edit Tenant' }));
    expect(onEdit).toHaveBeenCalledWith(ACME);
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('opens the tenant’s own dashboard', async () => {
    serve();
    const { user, dialog, router } = renderDialog();
    await within(dialog).findByText('Ben Backup');
    await user.click(within(dialog).getByRole('link', { name: 'Open Tenant Dashboard' }));
    expect(await screen.findByRole('heading', { name: 'Tenant dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/acme/dashboard');
  });
});

describe('Tenant details: Store Admins and two-factor reset', () => {
  it('lists the Store Admins with their two-factor state; only those with it on can be reset', async () => {
    serve();
    const { dialog } = renderDialog();
    const section = within(dialog).getByRole('region', { name: 'Store Admins' });
    expect(within(section).getByRole('status')).toHaveTextContent('Loading Store Admins');
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Olive Owner');
    expect(items[0]).toHaveTextContent('owner@acme.test');
    expect(items[0]).toHaveTextContent('Two-factor on');
    expect(within(items[0]).getByRole('button', { name: 'Reset two-factor for Olive Owner' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Two-factor off');
    expect(within(items[1]).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when the Store Admins cannot be loaded', async () => {
    server.use(http.get(api(ADMINS), () => HttpResponse.json({ error: 'Tenant not found' }, { status: 404 })));
    const { dialog } = renderDialog();
    expect(await within(dialog).findByText('Tenant not found')).toBeInTheDocument();
  });

  it('asks before resetting, and sends nothing on Cancel', async () => {
    const sent = serve();
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Reset two-factor for Olive Owner' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-factor' });
    expect(confirm).toHaveTextContent(
      'Turn off two-factor authentication for Olive Owner (owner@acme.test)? Their authenticator and recovery codes stop working, and they are told by e-mail.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', RESET)).toHaveLength(0);
  });

  it('resets two-factor after the confirmation, says so and shows the new state', async () => {
    const sent = serve();
    server.use(http.post(api(RESET), () => new HttpResponse(null, { status: 204 })));
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Reset two-factor for Olive Owner' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-factor' });
    serve([{ ...OLIVE, twoFactorEnabled: false }, BEN]);
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));

    expect(await screen.findByText('Two-factor reset')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', RESET)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Reset two-factor for Olive Owner' })).not.toBeInTheDocument());
    expect(screen.getAllByText('Two-factor off')).toHaveLength(2);
  });

  it('keeps the confirmation open with the server’s refusal', async () => {
    serve();
    server.use(
      http.post(api(RESET), () => HttpResponse.json({ error: 'Two-factor authentication is not on for this account', code: 'CONFLICT' }, { status: 409 })),
    );
    const { user } = renderDialog();
    await user.click(await screen.findByRole('button', { name: 'Reset two-factor for Olive Owner' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reset two-factor' });
    await user.click(within(confirm).getByRole('button', { name: 'Reset two-factor' }));
    expect(await within(confirm).findByText('Two-factor authentication is not on for this account')).toBeInTheDocument();
  });
});
