import type { AuthResponse } from '@loyalty/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ACME, userOf } from '@/test/fixtures';
import { json, stubFetch } from '@/test/fetch-stub';
import { renderRoutes } from '@/test/render';
import { LoginPage } from './login-page';

const SESSION: AuthResponse = {
  user: userOf('tenant_admin', { email: 'ada@example.com' }),
  tenant: ACME,
  twoFactorEnabled: true,
  twoFactorSetupRequired: false,
};
const WRONG = 'That code is not right. Enter the current code from your authenticator app or an unused recovery code.';

/** The login page with the Store Admin's home and the required set-up to land on. */
function renderLogin() {
  const view = renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/t/:slug/dashboard', element: <h1>Dashboard</h1> },
      { path: '/two-factor-setup', element: <h1>Set up two-factor authentication</h1> },
    ],
    '/login',
  );
  return view;
}

async function typePassword(user: ReturnType<typeof renderLogin>['user']) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Login with two-factor (docs/security.md)', () => {
  it('asks for the code after the password, shows a wrong code’s message, and signs in with a right one', async () => {
    const server = stubFetch()
      .on('GET', '/api/auth/login-options', json(200, { demoAccounts: false }))
      .on('POST', '/api/auth/login', json(200, { twoFactorRequired: true }))
      .on('POST', '/api/auth/2fa/verify', json(401, { error: WRONG, code: 'UNAUTHENTICATED' }), json(200, SESSION));
    const { user, router } = renderLogin();
    await typePassword(user);

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), ' abcde-fghij ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/dashboard');
    expect(server.requestsTo('POST', '/api/auth/2fa/verify').map((r) => r.body)).toEqual([{ code: '123456' }, { code: 'abcde-fghij' }]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, twoFactorEnabled: true });
  });

  it('sends a Store Admin whom the operator requires to set up two-factor to the set-up screen', async () => {
    stubFetch()
      .on('GET', '/api/auth/login-options', json(200, { demoAccounts: false }))
      .on('POST', '/api/auth/login', json(200, { ...SESSION, twoFactorEnabled: false, twoFactorSetupRequired: true }));
    const { user, router } = renderLogin();
    await typePassword(user);
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/two-factor-setup');
    expect(useAuthStore.getState().twoFactorSetupRequired).toBe(true);
  });
});
