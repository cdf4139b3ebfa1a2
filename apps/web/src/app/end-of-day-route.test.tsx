import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EndOfDayReport, Role, StoreListResponse, TransactionListResponse } from '@loyalty/contract';
import type { RouteObject } from 'react-router';
import { paths, TENANT_ROUTE_ROLES } from '@/config/paths';
import { EndOfDayPage } from '@/features/end-of-day/pages/end-of-day-page';
import { TransactionsPage } from '@/features/transactions/pages/transactions-page';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, server } from '@/test/server';
import { RequireAuth, RequireRole, RequireTenant } from './guards';

/** A stand-in screen: its heading says which page the user landed on. */
function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

/** The guards of app/router.tsx around the staff group's Transactions and End of day pages (the tenant layout left out). */
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
            element: <RequireRole roles={TENANT_ROUTE_ROLES.staff} />,
            children: [
              { path: 'transactions', element: <TransactionsPage /> },
              { path: 'transactions/end-of-day', element: <EndOfDayPage /> },
            ],
          },
        ],
      },
    ],
  },
];

const NOTHING = { count: 0, amountCents: 0 };

/** The answers of both pages: no stores, no transactions, the tenant and a day without movements. */
function serve() {
  server.use(
    http.get(api('/t/acme/stores'), () => HttpResponse.json<StoreListResponse>({ stores: [] })),
    http.get(api('/t/acme/transactions'), () => HttpResponse.json<TransactionListResponse>({ transactions: [], total: 0, pages: 0 })),
    http.get(api('/t/acme/tenant'), () => HttpResponse.json(tenantWith())),
    http.get(api('/t/acme/reports/end-of-day'), () =>
      HttpResponse.json<EndOfDayReport>({
        date: '2026-11-28',
        timezone: 'UTC',
        storeId: null,
        stores: [],
        totals: {
          purchases: { ...NOTHING, cashbackCents: 0 },
          redemptions: NOTHING,
          refunds: { ...NOTHING, clawbackCents: 0 },
          voids: NOTHING,
          adjustments: NOTHING,
          addFunds: NOTHING,
          bonuses: NOTHING,
          expiries: NOTHING,
          netCents: 0,
        },
      }),
    ),
  );
}

const as = (role: Role) => ({ session: { user: userOf(role), tenant: ACME } });

describe('End of day route', () => {
  it('is linked from the Transactions page’s header, and links back', async () => {
    serve();
    const { user, router } = renderRoutes(routes, '/t/acme/transactions', as('tenant_admin'));
    const link = await screen.findByRole('link', { name: 'End of day' });
    expect(link).toHaveAttribute('href', '/t/acme/transactions/end-of-day');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'End of day' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/acme/transactions/end-of-day');
    expect(await screen.findByText('No movements on this day.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Transactions' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/acme/transactions');
  });

  it('opens for a cashier, as Transactions does', async () => {
    serve();
    const { router } = renderRoutes(routes, '/t/acme/transactions/end-of-day', as('cashier'));
    expect(await screen.findByText('No movements on this day.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/t/acme/transactions/end-of-day');
  });

  it('sends a customer to /unauthorized', async () => {
    const { router } = renderRoutes(routes, '/t/acme/transactions/end-of-day', as('customer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/unauthorized');
  });
});
