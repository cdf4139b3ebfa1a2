import { screen } from '@testing-library/react';
import type { AuthResponse, PasswordPolicy, SetupStatus } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { userOf } from '@/test/fixtures';
import { renderRoutes } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { SetupPage } from './setup-page';

const TOKEN = 'setup-tok';
const OPERATOR = userOf('platform_admin', { email: 'ops@example.com', firstName: 'Grace', lastName: 'Hopper' });
const SESSION: AuthResponse = { user: OPERATOR, tenant: null, twoFactorEnabled: false, twoFactorSetupRequired: false };
const INVALID = 'This set-up link is invalid or has expired. Restart the server to print a new one.';

/** The pretend server: the link's status (`valid` or a failing answer), the policy (minimum 8) and, when given, the set-up's answer. */
function serve({ status = () => HttpResponse.json<SetupStatus>({ valid: true }), complete }: { status?: () => Response; complete?: () => Response } = {}) {
  server.use(
    http.get(api('/setup'), status),
    http.get(api('/auth/password-policy'), () => HttpResponse.json<PasswordPolicy>({ minLength: 8 })),
  );
  if (complete) server.use(http.post(api('/setup'), complete));
  return recordRequests();
}

function renderSetup(route = `/setup?token=${TOKEN}`) {
  return renderRoutes(
    [
      { path: '/setup', element: <SetupPage /> },
      { path: '/login', element: <h1>Sign in page</h1> },
      { path: '/platform/dashboard', element: <h1>Platform dashboard</h1> },
    ],
    route,
  );
}

/** Fills the form with the first operator's details. */
async function fillForm(user: ReturnType<typeof renderSetup>['user']) {
  await user.type(await screen.findByLabelText('First name'), 'Grace');
  await user.type(screen.getByLabelText('Last name'), 'Hopper');
  await user.type(screen.getByLabelText('Email'), 'ops@example.com');
  await user.type(screen.getByLabelText('Password'), 'a-long-password');
  await user.type(screen.getByLabelText('Confirm password'), 'a-long-password');
}

const submit = () => screen.getByRole('button', { name: 'Create platform admin' });

describe('First-admin set-up page', () => {
  it('checks the link with a spinner, then offers the account form', async () => {
    const sent = serve();
    renderSetup();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up the platform' })).toBeVisible();
    expect(screen.getByText('Create the first platform administrator account.')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('Checking the set-up link');

    expect(await screen.findByLabelText('First name')).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('placeholder', 'you@company.com');
    expect(await screen.findByText('At least 8 characters')).toBeVisible();
    expect(submit()).toBeEnabled();
    expect(sent.to('GET', '/setup')[0].query.get('token')).toBe(TOKEN);
  });

  it('says the link is unusable at once when it carries no token, asking nothing of the server', () => {
    const sent = serve();
    renderSetup('/setup');
    expect(screen.getByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByText('Already set up?')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(sent.to('GET', '/setup')).toHaveLength(0);
  });

  it('says the link is unusable when the server finds it used or expired', async () => {
    serve({ status: () => HttpResponse.json<SetupStatus>({ valid: false }) });
    renderSetup();
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Create platform admin' })).not.toBeInTheDocument();
  });

  it('says the check failed with the server’s reason, and checks again on “Try again”', async () => {
    let calls = 0;
    const sent = serve({
      status: () =>
        ++calls === 1
          ? HttpResponse.json({ error: 'Too many requests', code: 'RATE_LIMITED' }, { status: 429 })
          : HttpResponse.json<SetupStatus>({ valid: true }),
    });
    const { user } = renderSetup();
    expect(await screen.findByText('Could not check the set-up link')).toBeVisible();
    expect(screen.getByText('Too many requests')).toBeVisible();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('First name')).toBeVisible();
    expect(sent.to('GET', '/setup')).toHaveLength(2);
  });

  it('checks the fields before sending anything', async () => {
    const sent = serve();
    const { user } = renderSetup();
    await screen.findByText('At least 8 characters');
    await user.type(screen.getByLabelText('Password'), 'seven77');
    await user.type(screen.getByLabelText('Confirm password'), 'seven78');
    await user.click(submit());

    expect(await screen.findByText('First name is required')).toBeVisible();
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('Last name is required');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is required');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(expect.stringContaining('Password must be at least 8 characters long'));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    expect(sent.to('POST', '/setup')).toHaveLength(0);
  });

  it('creates the operator with the link’s token, signs them in and opens the platform dashboard', async () => {
    const sent = serve({ complete: () => HttpResponse.json(SESSION, { status: 201 }) });
    const { user, router } = renderSetup();
    await fillForm(user);
    await user.click(submit());

    expect(await screen.findByRole('heading', { name: 'Platform dashboard' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/platform/dashboard');
    expect(sent.to('POST', '/setup').map((r) => r.body)).toEqual([
      { token: TOKEN, firstName: 'Grace', lastName: 'Hopper', email: 'ops@example.com', password: 'a-long-password' },
    ]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: OPERATOR, tenant: null });
  });

  it('puts the server’s field issue under its field and shows its reason', async () => {
    const message = 'Email is already in use';
    serve({ complete: () => HttpResponse.json({ error: message, code: 'VALIDATION_ERROR', details: [{ field: 'body.email', message }] }, { status: 400 }) });
    const { user, router } = renderSetup();
    await fillForm(user);
    await user.click(submit());

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(message);
    expect(router.state.location.pathname).toBe('/setup');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
