import { render, screen } from '@testing-library/react';
import { Outlet } from 'react-router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectConsole } from '@/test/console';
import { renderRoutes } from '@/test/render';
import { AppErrorBoundary, RouteErrorFallback } from './error-fallback';

/** A screen that fails while rendering. */
function Broken(): never {
  throw new Error('Cannot read the ledger');
}

describe('Route error page', () => {
  it('replaces a screen that failed to render with the error page and its details', async () => {
    expectConsole('error', 'Cannot read the ledger');
    renderRoutes([{ path: '/t/:slug/transactions', element: <Broken />, errorElement: <RouteErrorFallback /> }], '/t/acme/transactions');

    const page = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    expect(page).toHaveTextContent('An unexpected error occurred. Please try refreshing the page.');
    expect(screen.getByText('Error details')).toBeVisible();
    expect(page.querySelector('pre')).toHaveTextContent('Error: Cannot read the ledger');
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  });

  it('shows the error page when a page’s code cannot be loaded (a new release replaced it)', async () => {
    renderRoutes(
      [
        {
          element: <Outlet />,
          errorElement: <RouteErrorFallback />,
          hydrateFallbackElement: <p>Loading</p>,
          children: [
            {
              path: '/login',
              lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/login-page.js')),
            },
          ],
        },
      ],
      '/login',
    );
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('alert').querySelector('pre')).toHaveTextContent('TypeError: Failed to fetch dynamically imported module: /assets/login-page.js');
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  });
});

describe('Top-level error boundary', () => {
  it('shows the children while nothing fails', () => {
    render(
      <AppErrorBoundary>
        <h1>Dashboard</h1>
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('logs an error outside the router, shows the error page, and reloads on request', async () => {
    expectConsole('error', 'Unhandled UI error');
    expectConsole('error', 'Cannot read the ledger');
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const user = userEvent.setup();
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('alert').querySelector('pre')).toHaveTextContent('Error: Cannot read the ledger');
    await user.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
