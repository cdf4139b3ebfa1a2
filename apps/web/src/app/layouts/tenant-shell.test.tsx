import { screen, waitFor, within } from '@testing-library/react';
import type { Role, TenantResponse } from '@loyalty/contract';
import { POS_GATE_MESSAGE } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { TenantLayout } from './tenant-layout';

/** The tenant 'acme' as the server answers it (or a failure), and the logout. */
function serve(tenant: () => Response = () => HttpResponse.json<TenantResponse>(tenantWith())) {
  server.use(
    http.get(api('/t/acme/tenant'), tenant),
    http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })),
  );
  return recordRequests();
}

/** The tenant layout of 'acme' for `role` at `path`, with stand-in pages titled by their route. */
function renderLayout(role: Role, path: string) {
  return renderRoutes(
    [
      {
        path: '/t/:slug',
        element: <TenantLayout />,
        children: [
          { path: 'dashboard', element: <h1>Dashboard</h1>, handle: { title: 'Dashboard' } },
          { path: 'pos', element: <h1>POS Terminal</h1>, handle: { title: 'POS Terminal' } },
          { path: 'customers', element: <h1>Customers</h1>, handle: { title: 'Customers' } },
          { path: 'customer', element: <h1>My Account</h1>, handle: { title: 'My Account' } },
          { path: 'profile', element: <h1>Profile</h1>, handle: { title: 'Profile' } },
        ],
      },
      { path: '/login', element: <h1>Sign in page</h1> },
    ],
    path,
    { session: { user: userOf(role), tenant: ACME } },
  );
}

const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0];
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((a) => a.textContent?.trim());

describe('Tenant area frame: header and menu by role', () => {
  it('shows a cashier the page title, their name, role and store, the trial badge, and only the staff entries', async () => {
    serve();
    renderLayout('cashier', '/t/acme/pos');
    expect(screen.getByTestId('page-title')).toHaveTextContent('POS Terminal');
    const profile = screen.getByTitle('Your profile');
    expect(profile).toHaveTextContent('Sam Acme');
    expect(profile).toHaveTextContent('Cashier');
    expect(profile).toHaveAttribute('href', '/t/acme/profile');
    expect(screen.getByText('Main Street')).toBeVisible();
    expect(await screen.findByText('Trial Account')).toBeVisible();
    expect(linkNames(mainNav())).toEqual(['Dashboard', 'POS Terminal', 'Cards', 'Transactions']);
    expect((await screen.findAllByText('Acme Coffee'))[0]).toBeVisible();
  });

  it('shows a customer only their account, and no subscription badge', async () => {
    const sent = serve();
    renderLayout('customer', '/t/acme/customer');
    expect(linkNames(mainNav())).toEqual(['My Account']);
    await waitFor(() => expect(sent.to('GET', '/t/acme/tenant')).toHaveLength(1));
    expect(screen.queryByText('Trial Account')).not.toBeInTheDocument();
    expect(within(screen.getAllByRole('navigation', { name: 'Account' })[0]).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/t/acme/profile');
  });

  it('greys out the till, the cards and the transactions while the business cannot transact', async () => {
    serve(() => HttpResponse.json<TenantResponse>(tenantWith({ canTransact: false, subscriptionStatus: 'CANCELED' })));
    renderLayout('tenant_admin', '/t/acme/dashboard');
    await waitFor(() => expect(within(mainNav()).queryByRole('link', { name: 'POS Terminal' })).not.toBeInTheDocument());
    const nav = mainNav();
    const till = within(nav).getByText('POS Terminal').closest('[aria-disabled="true"]');
    expect(till).toHaveAttribute('title', POS_GATE_MESSAGE);
    expect(within(nav).getAllByLabelText('Subscription required')).toHaveLength(3);
    expect(within(nav).queryByRole('link', { name: 'Cards' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeVisible();
    expect(screen.getByText('Inactive')).toBeVisible();
  });

  it('denies access to a business the user does not belong to', async () => {
    serve(() => HttpResponse.json({ error: 'Forbidden', code: 'FORBIDDEN' }, { status: 403 }));
    renderLayout('tenant_admin', '/t/acme/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    expect(screen.getByText('Tenant access required')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});

describe('Tenant area frame: the phone menu', () => {
  it('opens the menu as a dialog and closes it with its × button', async () => {
    serve();
    const { user } = renderLayout('tenant_admin', '/t/acme/dashboard');
    const open = screen.getByRole('button', { name: 'Open menu' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: 'Customers' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu with Escape', async () => {
    serve();
    const { user } = renderLayout('tenant_admin', '/t/acme/dashboard');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('closes the menu once the user picks a page there', async () => {
    serve();
    const { user, router } = renderLayout('tenant_admin', '/t/acme/dashboard');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('link', { name: 'Customers' }));
    expect(router.state.location.pathname).toBe('/t/acme/customers');
    expect(screen.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Customers');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });
});

describe('Tenant area frame: signing out', () => {
  it('ends the session on the server, forgets it here and opens the sign-in page', async () => {
    const sent = serve();
    const { user, router } = renderLayout('tenant_admin', '/t/acme/dashboard');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent.to('POST', '/auth/logout')).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('signs out here even when the server cannot be reached', async () => {
    serve();
    server.use(http.post(api('/auth/logout'), () => HttpResponse.error()));
    const { user, router } = renderLayout('cashier', '/t/acme/pos');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null });
  });
});
