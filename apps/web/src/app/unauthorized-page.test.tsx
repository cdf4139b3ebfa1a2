import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { UnauthorizedPage } from './routes/unauthorized';

describe('Access denied page', () => {
  it('says the user may not open the page, and Go Back leads home when there is nothing to go back to', async () => {
    const { user, router } = renderRoutes(
      [
        { path: '/unauthorized', element: <UnauthorizedPage /> },
        { path: '/', element: <h1>Home</h1> },
      ],
      '/unauthorized',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
    expect(screen.getByText("You don't have permission to access this page.")).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/');
  });
});
