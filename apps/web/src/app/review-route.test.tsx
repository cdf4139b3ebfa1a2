import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RiskFlagList, Role, SyncConflictList } from '@loyalty/contract';
import type { RouteObject } from 'react-router';
import { paths, TENANT_ROUTE_ROLES } from '@/config/paths';
import { ReviewPage } from '@/features/review/pages/review-page';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, server } from '@/test/server';
import { RequireAuth, RequireRole, RequireTenant } from './guards';
import { TenantLayout } from './layouts/tenant-layout';

/** A stand-in screen: its heading says which page the user landed on. */
function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

/** The guards of app/router.tsx around the admin group's Review page, inside the tenant layout (its menu). */
const routes: RouteObject[] = [
  { path: paths.unauthorized, element: <Page name="Access Denied" /> },
  {
    element: <RequireAuth />,
    children: [
      {
        path: '/t/:slug',
        element: <RequireTenant />,
        children: [
          {
            element: <TenantLayout />,
            children: [
              { element: <RequireRole roles={TENANT_ROUTE_ROLES.staff} />, children: [{ path: 'dashboard', element: <Page name="Dashboard" /> }] },
              {
                element: <RequireRole roles={TENANT_ROUTE_ROLES.admin} />,
                children: [{ path: 'review', element: <ReviewPage />, handle: { title: 'Review' } }],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The tenant and an empty Review list (no flag, no sync conflict). */
function serve() {
  server.use(
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api('/t/acme/risk/flags'), () => HttpResponse.json<RiskFlagList>({ items: [], openCount: 0 })),
    http.get(api('/t/acme/sync-conflicts'), () => HttpResponse.json<SyncConflictList>({ items: [], openCount: 0 })),
  );
}

const as = (role: Role) => ({ session: { user: userOf(role), tenant: ACME } });
const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' })[0];

describe('Review route', () => {
  it("is in the Store Admin's menu right after Activity, and opens the Review page", async () => {
    serve();
    const { user, router } = renderRoutes(routes, '/t/acme/dashboard', as('tenant_admin'));
    const names = within(mainNav())
      .getAllByRole('link')
      .map((a) => a.textContent?.trim());
    expect(names.indexOf('Review')).toBe(names.indexOf('Activity') + 1);
    const link = within(mainNav()).getByRole('link', { name: 'Review' });
    expect(link).toHaveAttribute('href', '/t/acme/review');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Review' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Nothing to review' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/acme/review');
  });

  it('is not in a cashier’s menu, and sends a cashier who types its address to /unauthorized', async () => {
    serve();
    const { router } = renderRoutes(routes, '/t/acme/review', as('cashier'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
    await router.navigate('/t/acme/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(within(mainNav()).queryByRole('link', { name: 'Review' })).not.toBeInTheDocument();
  });
});
