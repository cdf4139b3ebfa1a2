import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@loyalty/contract';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render';
import { TenantLayout } from './tenant-layout';

/** The tenant layout of 'acme' at `path` for `role`, with stand-in pages. */
function renderLayout(role: Role, path: string) {
  stubFetch().on('GET', '/api/t/acme/tenant', json(200, { ...ACME, canTransact: true }));
  return renderRoutes(
    [
      {
        path: '/t/:slug',
        element: <TenantLayout />,
        children: [
          { path: 'dashboard', element: <h1>Dashboard</h1>, handle: { title: 'Dashboard' } },
          { path: 'pos', element: <h1>POS Terminal</h1>, handle: { title: 'POS Terminal' } },
          { path: 'integrations', element: <h1>Integrations</h1>, handle: { title: 'Integrations' } },
        ],
      },
    ],
    path,
    { session: { user: userOf(role), tenant: ACME } },
  );
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent?.trim());

describe('Tenant navigation: Integrations', () => {
  it("offers the Store Admin 'Integrations' right after 'Rules & Settings', leads there and marks it as the current page", async () => {
    const { user, router } = renderLayout('tenant_admin', '/t/acme/dashboard');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    const names = linkNames(nav);
    expect(names.indexOf('Integrations')).toBe(names.indexOf('Rules & Settings') + 1);

    await user.click(within(nav).getByRole('link', { name: 'Integrations' }));
    expect(router.state.location.pathname).toBe('/t/acme/integrations');
    expect(screen.getByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Integrations' })).toHaveAttribute('aria-current', 'page');
  });

  it('does not offer it to a cashier', async () => {
    renderLayout('cashier', '/t/acme/pos');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(await within(nav).findByRole('link', { name: 'POS Terminal' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Integrations' })).not.toBeInTheDocument();
  });
});

describe('Tenant navigation: Rewards', () => {
  it("offers the Store Admin 'Rewards' right after 'Liability', leading to /t/{slug}/rewards", async () => {
    renderLayout('tenant_admin', '/t/acme/dashboard');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    const names = linkNames(nav);
    expect(names.indexOf('Rewards')).toBe(names.indexOf('Liability') + 1);
    expect(within(nav).getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/t/acme/rewards');
  });

  it('does not offer it to a cashier', async () => {
    renderLayout('cashier', '/t/acme/pos');
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(await within(nav).findByRole('link', { name: 'POS Terminal' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Rewards' })).not.toBeInTheDocument();
  });
});
