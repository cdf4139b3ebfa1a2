import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role, SessionTenant, SessionUser } from '@loyalty/contract';
import { Outlet, useLocation, type RouteObject } from 'react-router';
import { homePathFor, paths, TENANT_ROUTE_ROLES } from '@/config/paths';
import { ACME, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { RequireAuth, RequireRole, RequireTenant } from './guards';
import { PlatformLayout } from './layouts/platform-layout';
import { RootRedirect } from './routes/root-redirect';

/** A stand-in screen: its heading says which page the user landed on. */
function Page({ name }: { name: string }) {
  const { pathname } = useLocation();
  return (
    <main>
      <h1>{name}</h1>
      <p>at {pathname}</p>
    </main>
  );
}

const page = (path: string, name: string): RouteObject => ({ path, element: <Page name={name} /> });

/**
 * The guard structure of app/router.tsx with the real guards, the real root redirect, the real
 * platform layout (it shows Access Denied to anyone but platform_admin) and stand-in pages.
 */
const routes: RouteObject[] = [
  { path: paths.home, element: <RootRedirect /> },
  page(paths.login, 'Sign in'),
  page(paths.unauthorized, 'Access Denied'),
  page('/:slug/c/:cardUid', 'Public card'),
  {
    element: <RequireAuth />,
    children: [
      { path: '/platform', element: <PlatformLayout />, children: [page('dashboard', 'Platform Dashboard'), page('plans', 'Plans')] },
      {
        path: '/t/:slug',
        element: <RequireTenant />,
        children: [
          {
            element: <Outlet />, // TenantLayout in the app
            children: [
              { index: true, element: <RootRedirect /> },
              page('profile', 'Profile'),
              {
                element: <RequireRole roles={TENANT_ROUTE_ROLES.staff} />,
                children: [page('dashboard', 'Dashboard'), page('pos', 'POS Terminal'), page('cards', 'Cards'), page('transactions', 'Transactions')],
              },
              {
                element: <RequireRole roles={TENANT_ROUTE_ROLES.admin} />,
                children: [
                  page('customers', 'Customers'),
                  page('stores', 'Stores'),
                  page('staff', 'Staff'),
                  page('rules', 'Rules & Settings'),
                  page('integrations', 'Integrations'),
                  page('billing', 'Billing'),
                ],
              },
              { element: <RequireRole roles={TENANT_ROUTE_ROLES.customer} />, children: [page('customer', 'My Account')] },
            ],
          },
        ],
      },
    ],
  },
];

const OTHER: SessionTenant = { ...ACME, id: '99999999-9999-4999-8999-999999999999', slug: 'other', name: 'Other Shop' };

/**
 * Opens the app at `path` with `session` (none: signed out). Answers the address the user ends
 * on after the redirects and the heading they see. `keep`: leave the screen mounted for more
 * assertions (else it is unmounted, so a test may visit again).
 */
async function visit(path: string, session?: { user: SessionUser; tenant: SessionTenant | null }, { keep = false } = {}) {
  const { router, unmount } = renderRoutes(routes, path, { session });
  const heading = (await screen.findByRole('heading', { level: 1 })).textContent;
  const at = router.state.location.pathname;
  if (!keep) unmount();
  return { at, heading };
}

const as = (role: Role, tenant: SessionTenant | null = role === 'platform_admin' ? null : ACME) => ({ user: userOf(role), tenant });

describe('signed out (to /login)', () => {
  it.each(['/', '/t/acme/dashboard', '/t/acme/pos', '/platform/dashboard', '/t/acme/customer'])('%s → /login', async (path) => {
    expect(await visit(path)).toEqual({ at: '/login', heading: 'Sign in' });
  });

  it('still sees a public card page', async () => {
    expect(await visit('/acme/c/ACME0001')).toEqual({ at: '/acme/c/ACME0001', heading: 'Public card' });
  });
});

describe('each role’s home (Redirect after login)', () => {
  it.each([
    ['platform_admin', '/platform/dashboard', 'Platform Dashboard'],
    ['tenant_admin', '/t/acme/dashboard', 'Dashboard'],
    ['cashier', '/t/acme/pos', 'POS Terminal'],
    ['customer', '/t/acme/customer', 'My Account'],
  ] as const)('%s lands on %s from /', async (role, home, heading) => {
    expect(await visit('/', as(role))).toEqual({ at: home, heading });
  });

  it.each([
    ['tenant_admin', '/t/acme/dashboard'],
    ['cashier', '/t/acme/pos'],
    ['customer', '/t/acme/customer'],
  ] as const)('%s lands on %s from the tenant root /t/acme', async (role, home) => {
    expect((await visit('/t/acme', as(role))).at).toBe(home);
  });

  it('homePathFor sends a tenant role without a tenant, or nobody, to /login', () => {
    expect(homePathFor(userOf('cashier'), null)).toBe('/login');
    expect(homePathFor(null, ACME)).toBe('/login');
    expect(homePathFor(userOf('platform_admin'), ACME)).toBe('/platform/dashboard');
    expect(homePathFor(userOf('cashier'), { ...ACME, slug: 'café & co' })).toBe('/t/caf%C3%A9%20%26%20co/pos');
  });
});

describe('tenant routes', () => {
  it('sends a user of another tenant to /unauthorized', async () => {
    expect(await visit('/t/other/dashboard', as('tenant_admin'))).toEqual({ at: '/unauthorized', heading: 'Access Denied' });
    expect((await visit('/t/acme/pos', as('cashier', OTHER))).at).toBe('/unauthorized');
  });

  it('lets platform_admin enter any tenant’s staff and admin screens', async () => {
    expect(await visit('/t/other/dashboard', as('platform_admin'))).toEqual({ at: '/t/other/dashboard', heading: 'Dashboard' });
    expect(await visit('/t/acme/rules', as('platform_admin'))).toEqual({ at: '/t/acme/rules', heading: 'Rules & Settings' });
  });

  it('sends a tenant role whose session has no tenant to /login', async () => {
    expect((await visit('/t/acme/pos', as('cashier', null))).at).toBe('/login');
    expect((await visit('/', as('customer', null))).at).toBe('/login');
  });

  it.each(['/t/acme/customers', '/t/acme/stores', '/t/acme/staff', '/t/acme/rules', '/t/acme/integrations', '/t/acme/billing'])(
    'sends a cashier from the admin screen %s to /unauthorized',
    async (path) => {
      expect(await visit(path, as('cashier'))).toEqual({ at: '/unauthorized', heading: 'Access Denied' });
    },
  );

  it('lets a cashier use the POS, cards and transactions', async () => {
    for (const path of ['/t/acme/pos', '/t/acme/cards', '/t/acme/transactions']) expect((await visit(path, as('cashier'))).at).toBe(path);
  });

  it('lets a Store Admin use the admin screens', async () => {
    expect(await visit('/t/acme/billing', as('tenant_admin'))).toEqual({ at: '/t/acme/billing', heading: 'Billing' });
    expect(await visit('/t/acme/integrations', as('tenant_admin'))).toEqual({ at: '/t/acme/integrations', heading: 'Integrations' });
  });

  it.each(['/t/acme/dashboard', '/t/acme/pos', '/t/acme/rules'])('sends a customer from %s to /unauthorized', async (path) => {
    expect((await visit(path, as('customer'))).at).toBe('/unauthorized');
  });

  it('keeps staff and platform_admin off the customer’s own page', async () => {
    expect((await visit('/t/acme/customer', as('tenant_admin'))).at).toBe('/unauthorized');
    expect((await visit('/t/acme/customer', as('platform_admin'))).at).toBe('/unauthorized');
  });

  it('lets every tenant role reach its own profile', async () => {
    for (const role of ['tenant_admin', 'cashier', 'customer'] as const) expect((await visit('/t/acme/profile', as(role))).heading).toBe('Profile');
  });
});

describe('platform area', () => {
  it('shows Access Denied to a tenant user on /platform', async () => {
    expect(await visit('/platform/plans', as('tenant_admin'), { keep: true })).toEqual({ at: '/platform/plans', heading: 'Access Denied' });
    expect(screen.getByText('Platform admin access required')).toBeVisible();
  });

  it('lets platform_admin in', async () => {
    expect(await visit('/platform/plans', as('platform_admin'))).toEqual({ at: '/platform/plans', heading: 'Plans' });
  });
});
