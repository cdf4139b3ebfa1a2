import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TwoFactorEnableResponse, TwoFactorSetupResponse } from '@loyalty/contract';
import { useAuthStore } from '@/lib/auth-store';
import { userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { TwoFactorSetupPage } from './two-factor-setup-page';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const SETUP: TwoFactorSetupResponse = { secret: SECRET, otpauthUrl: `otpauth://totp/Loyalty%20Cards:op%40example.com?secret=${SECRET}&issuer=Loyalty%20Cards` };
const CODES = Array.from({ length: 10 }, (_, i) => `code-${'abcdefghij'[i]}`);

/** The forced set-up page, with the login page and the operator's home as plain markers. */
function renderPage({ required = true, signedIn = true } = {}) {
  if (signedIn) useAuthStore.getState().setSession({ user: userOf('platform_admin'), tenant: null, twoFactorSetupRequired: required });
  return renderRoutes(
    [
      { path: '/two-factor-setup', element: <TwoFactorSetupPage /> },
      { path: '/login', element: <p>Login page</p> },
      { path: '/platform/dashboard', element: <p>Operator dashboard</p> },
    ],
    '/two-factor-setup',
  );
}

describe('Two-factor set-up required by the operator', () => {
  it('sends a signed-out visitor to the login page', async () => {
    const { router } = renderPage({ signedIn: false });
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says why it is required and offers only the set-up and Sign out', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText('The platform requires two-factor authentication for your account. Set it up to continue.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
  });

  it('sets up without a way to cancel, then goes home once the codes are saved', async () => {
    server.use(
      http.post(api('/auth/2fa/setup'), () => HttpResponse.json(SETUP)),
      http.post(api('/auth/2fa/enable'), () => HttpResponse.json<TwoFactorEnableResponse>({ recoveryCodes: CODES })),
    );
    const sent = recordRequests();
    const { user, router } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByTestId('two-factor-secret')).toHaveTextContent(SECRET);
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on' })).toBeDisabled();

    await user.type(screen.getByLabelText('6-digit code'), ' 123 456 ');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent('code-j');
    expect(sent.to('POST', '/auth/2fa/enable')[0].body).toEqual({ code: '123456' });
    expect(router.state.location.pathname).toBe('/two-factor-setup');

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Operator dashboard')).toBeInTheDocument();
    expect(useAuthStore.getState()).toMatchObject({ twoFactorEnabled: true, twoFactorSetupRequired: false });
  });

  it('shows the server’s reason when the set-up cannot start', async () => {
    server.use(
      http.post(api('/auth/2fa/setup'), () => HttpResponse.json({ error: 'Two-factor authentication is already on', code: 'CONFLICT' }, { status: 409 })),
    );
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Two-factor authentication is already on');
  });

  it('signs out and goes to the login page', async () => {
    server.use(http.post(api('/auth/logout'), () => new HttpResponse(null, { status: 204 })));
    const sent = recordRequests();
    const { user, router } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent.to('POST', '/auth/logout')).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('signs out here even when the server cannot be reached', async () => {
    server.use(http.post(api('/auth/logout'), () => HttpResponse.error()));
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(useAuthStore.getState().isAuthenticated).toBe(false));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
  });

  it('offers Continue to the home page once nothing is required', async () => {
    const { user } = renderPage({ required: false });
    expect(screen.getByText('Two-factor authentication is set up.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Operator dashboard')).toBeInTheDocument();
  });
});
