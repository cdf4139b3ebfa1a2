import type { SessionResponse } from '@loyalty/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { expectConsole } from '@/test/console';
import { ACME, userOf } from '@/test/fixtures';
import { signIn } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { AuthInitializer } from './auth-initializer';

const ME = '/auth/me';

/** The app behind the initialiser: a heading once the session is known. */
function renderApp() {
  return render(
    <AuthInitializer>
      <h1>The app</h1>
    </AuthInitializer>,
  );
}

describe('Start-up session check', () => {
  it('shows a spinner, then refreshes the stored user and tenant from the server', async () => {
    signIn(userOf('cashier'), ACME);
    const fresh = userOf('tenant_admin', { firstName: 'Promoted' });
    server.use(
      http.get(api(ME), () => HttpResponse.json<SessionResponse>({ user: fresh, tenant: ACME, twoFactorEnabled: true, twoFactorSetupRequired: false })),
    );
    const sent = recordRequests();
    renderApp();
    expect(screen.getByRole('status')).toHaveTextContent('Loading session');
    expect(screen.queryByRole('heading', { name: 'The app' })).not.toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'The app' })).toBeVisible();
    expect(screen.queryByText('Loading session')).not.toBeInTheDocument();
    expect(sent.to('GET', ME)).toHaveLength(1);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: fresh, tenant: ACME, twoFactorEnabled: true });
  });

  it('forgets a stored session the server no longer knows', async () => {
    signIn(userOf('cashier'), ACME);
    server.use(http.get(api(ME), () => HttpResponse.json({ user: null })));
    renderApp();
    expect(await screen.findByRole('heading', { name: 'The app' })).toBeVisible();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, user: null, tenant: null });
  });

  it('forgets the stored session on a 401', async () => {
    signIn(userOf('tenant_admin'), ACME);
    server.use(http.get(api(ME), () => HttpResponse.json({ error: 'Not signed in', code: 'UNAUTHENTICATED' }, { status: 401 })));
    renderApp();
    expect(await screen.findByRole('heading', { name: 'The app' })).toBeVisible();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('keeps the stored session through a server outage, so the till keeps working', async () => {
    const cashier = userOf('cashier');
    signIn(cashier, ACME);
    server.use(http.get(api(ME), () => HttpResponse.json({ error: 'Service unavailable', code: 'INTERNAL' }, { status: 503 })));
    expectConsole('warn', 'Could not check the session at start-up');
    renderApp();
    expect(await screen.findByRole('heading', { name: 'The app' })).toBeVisible();
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: cashier, tenant: ACME });
  });

  it('keeps the stored session when the network is down', async () => {
    signIn(userOf('cashier'), ACME);
    server.use(http.get(api(ME), () => HttpResponse.error()));
    expectConsole('warn', 'Could not check the session at start-up');
    renderApp();
    expect(await screen.findByRole('heading', { name: 'The app' })).toBeVisible();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});
