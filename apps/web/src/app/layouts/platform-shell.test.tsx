import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { PlatformLayout } from './platform-layout';

/** The platform area for the operator Sam Operator, with stand-in pages (one without a title). */
function renderPlatform(path = '/platform/dashboard') {
  return renderRoutes(
    [
      {
        path: '/platform',
        element: <PlatformLayout />,
        children: [
          { path: 'dashboard', element: <h1>Platform Dashboard</h1>, handle: { title: 'Platform Dashboard' } },
          { path: 'tenants', element: <h1>Tenants</h1>, handle: { title: 'Tenants' } },
          { path: 'untitled', element: <h1>Untitled</h1> },
          { path: 'profile', element: <h1>Profile</h1>, handle: { title: 'Profile' } },
        ],
      },
      { path: '/login', element: <h1>Sign in page</h1> },
    ],
    path,
    { session: { user: userOf('platform_admin'), tenant: null } },
  );
}

describe('Platform area frame', () => {
  it('lists the operator’s pages in their fixed order, under the operator console', () => {
    renderPlatform();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent?.trim()),
    ).toEqual(['Dashboard', 'Tenants', 'Plans', 'Analytics', 'Subscriptions', 'Card Orders', 'Liability', 'Outbox', 'Activity', 'Settings']);
    expect(screen.getAllByText('Operator console')[0]).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows the operator’s name and role, linking to their profile', async () => {
    const { user, router } = renderPlatform();
    const profile = screen.getByTitle('Your profile');
    expect(profile).toHaveTextContent('Sam Operator');
    expect(profile).toHaveTextContent('Platform Admin');
    await user.click(profile);
    expect(router.state.location.pathname).toBe('/platform/profile');
    expect(screen.getByTestId('page-title')).toHaveTextContent('Profile');
  });

  it('titles the header with the current page', async () => {
    const { user } = renderPlatform();
    expect(screen.getByTestId('page-title')).toHaveTextContent('Platform Dashboard');
    await user.click(within(screen.getAllByRole('navigation', { name: 'Main' })[0]).getByRole('link', { name: 'Tenants' }));
    expect(screen.getByTestId('page-title')).toHaveTextContent('Tenants');
  });

  it('titles the header “Platform” on a page without a title', () => {
    renderPlatform('/platform/untitled');
    expect(screen.getByRole('heading', { level: 1, name: 'Untitled' })).toBeVisible();
    expect(screen.getByTestId('page-title')).toHaveTextContent(/^Platform$/);
  });

  it('signs the operator out and opens the sign-in page', async () => {
    server.use(http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })));
    const sent = recordRequests();
    const { user, router } = renderPlatform();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent.to('POST', '/auth/logout')).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
