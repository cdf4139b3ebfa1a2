import { screen, within } from '@testing-library/react';
import type { AuthResponse, LoginOptions, SessionTenant, SessionUser } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ACME, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { LoginPage } from './login-page';

const LOGIN = '/auth/login';
const VERIFY = '/auth/2fa/verify';
const CASHIER = userOf('cashier', { email: 'cashier@demo.com' });
const SESSION: AuthResponse = { user: CASHIER, tenant: ACME, twoFactorEnabled: false, twoFactorSetupRequired: false };

/** The pretend server: the login options (demo accounts or not) and, when given, the login's answer. */
function serve({ demoAccounts = false, login }: { demoAccounts?: boolean; login?: () => Response } = {}) {
  server.use(http.get(api('/auth/login-options'), () => HttpResponse.json<LoginOptions>({ demoAccounts })));
  if (login) server.use(http.post(api(LOGIN), login));
  return recordRequests();
}

/** /login with the homes of each role to land on. */
function renderLogin(session?: { user: SessionUser; tenant: SessionTenant | null }) {
  return renderRoutes(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/t/:slug/pos', element: <h1>POS Terminal</h1> },
      { path: '/t/:slug/dashboard', element: <h1>Dashboard</h1> },
      { path: '/platform/dashboard', element: <h1>Platform dashboard</h1> },
      { path: '/two-factor-setup', element: <h1>Set up two-factor authentication</h1> },
    ],
    '/login',
    { session },
  );
}

async function signInWith(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Login page: the password step', () => {
  it('shows the form, the links to recover a password and to sign up, and no demo accounts in production', async () => {
    const sent = serve();
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to your account' })).toBeVisible();
    expect(screen.getByText('Welcome back. Enter your details to continue.')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', 'you@example.com');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAttribute('placeholder', 'Your password');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByText("Don't have an account?")).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    await expect.poll(() => sent.to('GET', '/auth/login-options').length).toBe(1);
    expect(screen.queryByRole('heading', { name: 'Demo accounts' })).not.toBeInTheDocument();
  });

  it('asks for a valid address and a password before sending anything', async () => {
    const sent = serve();
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByLabelText('Password', { exact: true })).toHaveAccessibleDescription('Password is required');
    expect(sent.to('POST', LOGIN)).toHaveLength(0);
  });

  it('signs a cashier in with the tidied address and opens the till', async () => {
    const sent = serve({ login: () => HttpResponse.json(SESSION) });
    const { user, router } = renderLogin();
    await signInWith(user, ' Cashier@Demo.com ', 'DemoCashier123!');

    expect(await screen.findByRole('heading', { name: 'POS Terminal' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/pos');
    expect(sent.to('POST', LOGIN).map((r) => r.body)).toEqual([{ email: 'cashier@demo.com', password: 'DemoCashier123!' }]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: CASHIER, tenant: ACME });
  });

  it('shows the server’s refusal in a red box and stays signed out', async () => {
    serve({ login: () => HttpResponse.json({ error: 'Invalid email or password', code: 'UNAUTHENTICATED' }, { status: 401 }) });
    const { user, router } = renderLogin();
    await signInWith(user, 'cashier@demo.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('says the answer had no user when the server signs in nobody', async () => {
    serve({ login: () => HttpResponse.json({}) });
    const { user } = renderLogin();
    await signInWith(user, 'cashier@demo.com', 'DemoCashier123!');
    expect(await screen.findByRole('alert')).toHaveTextContent('No user data received from server');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('fills a demo account into the form and clears the last failure', async () => {
    let calls = 0;
    const sent = serve({
      demoAccounts: true,
      login: () =>
        ++calls === 1 ? HttpResponse.json({ error: 'Invalid email or password', code: 'UNAUTHENTICATED' }, { status: 401 }) : HttpResponse.json(SESSION),
    });
    const { user } = renderLogin();
    await signInWith(user, 'someone@demo.com', 'guess');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');

    const demo = await screen.findByRole('region', { name: 'Demo accounts' });
    expect(within(demo).getByText('Platform Admin')).toBeVisible();
    expect(within(demo).getByText('admin@demo.com')).toBeVisible();
    await user.click(within(demo).getByRole('button', { name: 'Fill', description: /Cashier/ }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('cashier@demo.com');
    expect(screen.getByLabelText('Password', { exact: true })).toHaveValue('DemoCashier123!');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'POS Terminal' })).toBeVisible();
    expect(sent.to('POST', LOGIN)[1].body).toEqual({ email: 'cashier@demo.com', password: 'DemoCashier123!' });
  });
});

describe('Login page: the two-factor step', () => {
  function serveTwoFactor(verify: () => Response) {
    const sent = serve({ login: () => HttpResponse.json({ twoFactorRequired: true }) });
    server.use(http.post(api(VERIFY), verify));
    return sent;
  }

  it('keeps Verify disabled until a code is typed, and Back returns to the password step', async () => {
    const sent = serveTwoFactor(() => HttpResponse.json(SESSION));
    const { user } = renderLogin();
    await signInWith(user, 'cashier@demo.com', 'DemoCashier123!');

    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    expect(screen.getByText('Your account is protected with a second step.')).toBeVisible();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription('Open your authenticator app and enter the 6-digit code. Lost your phone? Enter one of your recovery codes.');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    await user.type(code, '   ');
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    expect(sent.to('POST', VERIFY)).toHaveLength(0);
  });

  it('shows the server’s words when the sign-in expired before the code came', async () => {
    const expired = 'Your sign-in has expired. Please sign in again.';
    serveTwoFactor(() => HttpResponse.json({ error: expired, code: 'UNAUTHENTICATED' }, { status: 401 }));
    const { user, router } = renderLogin();
    await signInWith(user, 'cashier@demo.com', 'DemoCashier123!');
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    expect(router.state.location.pathname).toBe('/login');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('signs in with the code and opens the role’s home', async () => {
    const sent = serveTwoFactor(() => HttpResponse.json(SESSION));
    const { user, router } = renderLogin();
    await signInWith(user, 'cashier@demo.com', 'DemoCashier123!');
    await user.type(await screen.findByLabelText('Authentication code'), '654321{Enter}');

    expect(await screen.findByRole('heading', { name: 'POS Terminal' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/pos');
    expect(sent.to('POST', VERIFY).map((r) => r.body)).toEqual([{ code: '654321' }]);
  });
});

describe('Login page: someone already signed in', () => {
  it('sends a Store Admin to the dashboard', async () => {
    serve();
    const { router } = renderLogin({ user: userOf('tenant_admin'), tenant: ACME });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/dashboard');
  });

  it('sends the operator to the platform dashboard', async () => {
    serve();
    const { router } = renderLogin({ user: userOf('platform_admin'), tenant: null });
    expect(await screen.findByRole('heading', { name: 'Platform dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/platform/dashboard');
  });

  it('sends an admin whom the operator requires to set up two-factor to the set-up', async () => {
    serve();
    useAuthStore.getState().setSession({ user: userOf('tenant_admin'), tenant: ACME, twoFactorSetupRequired: true });
    const { router } = renderLogin();
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/two-factor-setup');
  });

  it('keeps a signed-in user without a home on the form', async () => {
    serve();
    renderLogin({ user: userOf('cashier'), tenant: null });
    expect(screen.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  });
});
