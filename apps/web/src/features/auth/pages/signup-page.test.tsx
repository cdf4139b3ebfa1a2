import { screen } from '@testing-library/react';
import type { AuthResponse, PasswordPolicy } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ACME, userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { SignupPage } from './signup-page';

const SIGNUP = '/auth/signup';
const OWNER = userOf('tenant_admin', { email: 'ada@acme.test', firstName: 'Ada', lastName: 'Lovelace' });
const SESSION: AuthResponse = { user: OWNER, tenant: ACME, twoFactorEnabled: false, twoFactorSetupRequired: false };

/** The pretend server: the operator's minimum of 10 and, when given, the signup's answer. */
function serve(signup?: () => Response) {
  server.use(http.get(api('/auth/password-policy'), () => HttpResponse.json<PasswordPolicy>({ minLength: 10 })));
  if (signup) server.use(http.post(api(SIGNUP), signup));
  return recordRequests();
}

/** /signup with the homes a signed-in user may be sent to. */
function renderSignup(session?: { user: AuthResponse['user']; tenant: AuthResponse['tenant'] }) {
  return renderRoutes(
    [
      { path: '/signup', element: <SignupPage /> },
      { path: '/login', element: <h1>Sign in page</h1> },
      { path: '/t/:slug/dashboard', element: <h1>Dashboard</h1> },
      { path: '/platform/dashboard', element: <h1>Platform dashboard</h1> },
    ],
    '/signup',
    { session },
  );
}

/** Fills the whole form with valid values (the password twice). */
async function fillForm(user: ReturnType<typeof renderSignup>['user'], password = 'a-long-password') {
  await user.type(screen.getByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), '  Ada@Acme.test ');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
}

const submit = () => screen.getByRole('button', { name: 'Create account' });

describe('Sign-up page: what a new business owner sees', () => {
  it('shows the title, the trial’s terms, the empty form with the policy hint, and a way to sign in', async () => {
    serve();
    renderSignup();
    expect(screen.getByRole('heading', { level: 1, name: 'Create your business account' })).toBeVisible();
    expect(screen.getByText('Set up your loyalty programme in minutes.')).toBeVisible();
    expect(screen.getByText('Start your 14-day free trial')).toBeVisible();
    expect(screen.getByText('40 free card activations')).toBeVisible();
    expect(screen.getByText('No credit card required')).toBeVisible();
    expect(screen.getByText('Then $19.99/month, cancel anytime')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', 'you@business.com');
    expect(await screen.findByText('At least 10 characters')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 10 characters');
    expect(screen.getByText('Already have an account?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});

describe('Sign-up page: checking the form before sending', () => {
  it('names every missing field and sends nothing', async () => {
    const sent = serve();
    const { user } = renderSignup();
    await screen.findByText('At least 10 characters');
    await user.click(submit());

    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Please confirm your password');
    expect(sent.to('POST', SIGNUP)).toHaveLength(0);
  });

  it('refuses a malformed address, a password under the operator’s minimum and a confirmation that differs', async () => {
    const sent = serve();
    const { user } = renderSignup();
    await screen.findByText('At least 10 characters');
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short-pw');
    await user.type(screen.getByLabelText('Confirm password'), 'something-else');
    await user.click(submit());

    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 10 characters long'));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(screen.getByLabelText('First name')).not.toHaveAccessibleDescription('First name is required');
    expect(sent.to('POST', SIGNUP)).toHaveLength(0);
  });
});

describe('Sign-up page: creating the account', () => {
  it('sends the names, the tidied address and the password (not the confirmation), signs the owner in and opens the dashboard', async () => {
    const sent = serve(() => HttpResponse.json(SESSION, { status: 201 }));
    const { user, router } = renderSignup();
    await screen.findByText('At least 10 characters');
    await fillForm(user);
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/dashboard');
    expect(sent.to('POST', SIGNUP).map((r) => r.body)).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test', password: 'a-long-password' },
    ]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: OWNER, tenant: ACME });
  });

  it('shows the server’s reason when the address is taken, and stays on the form signed out', async () => {
    const taken = 'An account with this email already exists';
    serve(() => HttpResponse.json({ error: taken, code: 'CONFLICT' }, { status: 409 }));
    const { user, router } = renderSignup();
    await screen.findByText('At least 10 characters');
    await fillForm(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(router.state.location.pathname).toBe('/signup');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(submit()).toBeEnabled();
  });

  it('says so when the server cannot be reached', async () => {
    serve(() => HttpResponse.error());
    const { user } = renderSignup();
    await screen.findByText('At least 10 characters');
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your connection.');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('says “Signup failed” when the answer carries no user', async () => {
    serve(() => HttpResponse.json({}, { status: 201 }));
    const { user, router } = renderSignup();
    await screen.findByText('At least 10 characters');
    await fillForm(user);
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed');
    expect(router.state.location.pathname).toBe('/signup');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('puts a raised minimum from the server under the password field', async () => {
    const message = 'Password must be at least 16 characters long';
    serve(() => HttpResponse.json({ error: message, code: 'VALIDATION_ERROR', details: [{ field: 'body.password', message }] }, { status: 400 }));
    const { user } = renderSignup();
    await screen.findByText('At least 10 characters');
    await fillForm(user);
    await user.click(submit());

    const password = screen.getByLabelText('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    expect(password).toHaveAccessibleDescription(expect.stringContaining(message));
  });
});

describe('Sign-up page: someone already signed in', () => {
  it('sends a Store Admin to their dashboard', async () => {
    serve();
    const { router } = renderSignup({ user: OWNER, tenant: ACME });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/dashboard');
  });

  it('sends the operator to the platform dashboard', async () => {
    serve();
    const { router } = renderSignup({ user: userOf('platform_admin'), tenant: null });
    expect(await screen.findByRole('heading', { name: 'Platform dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/platform/dashboard');
  });

  it('sends a cashier to the sign-in page', async () => {
    serve();
    const { router } = renderSignup({ user: userOf('cashier'), tenant: ACME });
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
  });
});
