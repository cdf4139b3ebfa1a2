import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { PlatformLayout } from './platform-layout';

describe('Platform navigation', () => {
  it('leads to the Outbox and marks it as the current page', async () => {
    const { user, router } = renderRoutes(
      [
        {
          path: '/platform',
          element: <PlatformLayout />,
          children: [
            { path: 'dashboard', element: <h1>Platform Dashboard</h1>, handle: { title: 'Platform Dashboard' } },
            { path: 'outbox', element: <h1>Outbox</h1>, handle: { title: 'Outbox' } },
          ],
        },
      ],
      '/platform/dashboard',
      { session: { user: userOf('platform_admin'), tenant: null } },
    );
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0];
    await user.click(within(nav).getByRole('link', { name: 'Outbox' }));
    expect(router.state.location.pathname).toBe('/platform/outbox');
    expect(screen.getByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Outbox' })).toHaveAttribute('aria-current', 'page');
  });
});
