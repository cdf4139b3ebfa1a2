import { screen } from '@testing-library/react';
import { INVITATION_LINK_INVALID, type AuthResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ACME, userOf } from '@/test/fixtures';
import { deferred, json, stubFetch, type FetchStub, type Reply } from '@/test/fetch-stub';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { AcceptInvitationPage } from './accept-invitation-page';

const TOKEN = 'tok-123';
const INFO = `/api/auth/invitation?token=${TOKEN}`;
const ACCEPT = '/api/auth/accept-invitation';
const SESSION: AuthResponse = {
  user: userOf('cashier', { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }),
  tenant: ACME,
  twoFactorEnabled: false,
  twoFactorSetupRequired: false,
};

/** The pretend server: the invitation (or `info`), the policy (minimum 10) and, when given, the answers of the accept. */
function serverWith(info: Reply = json(200, { email: 'ada@example.com', firstName: 'Ada', businessName: 'Acme Coffee' }), ...accept: Reply[]): FetchStub {
  const server = stubFetch()
    .on('GET', INFO, info)
    .on('GET', '/api/auth/password-policy', json(200, { minLength: 10 }));
  return accept.length > 0 ? server.on('POST', ACCEPT, ...accept) : server;
}

/** The page opened from the e-mailed link, with the cashier's home (the POS) to land on; resolves once the form shows. */
async function renderPage(route = `/accept-invitation?token=${TOKEN}`) {
  const view = renderRoutes(
    [
      { path: '/accept-invitation', element: <AcceptInvitationPage /> },
      { path: '/t/:slug/pos', element: <h1>POS Terminal</h1> },
    ],
    route,
  );
  await screen.findByText('At least 10 characters');
  return {
    ...view,
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm password'),
    submit: screen.getByRole('button', { name: 'Create my password' }),
  };
}

describe('Accept invitation page', () => {
  it('checks the link with a spinner, then greets: the business, the address and the policy', async () => {
    const invitation = deferred();
    serverWith(invitation.reply);
    renderWithProviders(<AcceptInvitationPage />, { route: `/accept-invitation?token=${TOKEN}`, path: '/accept-invitation' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your invitation');

    invitation.resolve(json(200, { email: 'ada@example.com', firstName: 'Ada', businessName: 'Acme Coffee' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme Coffee' })).toBeVisible();
    expect(screen.getByText('Choose a password for ada@example.com.')).toBeVisible();
    expect(await screen.findByText('At least 10 characters')).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 10 characters');
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create my password' })).toBeEnabled();
  });

  it('asks for the same password twice and for the operator’s minimum, sending nothing until then', async () => {
    const server = serverWith();
    const { user, password, confirm, submit } = await renderPage();
    await user.type(password, 'a-long-password');
    await user.type(confirm, 'another-password');
    await user.click(submit);
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');

    await user.clear(password);
    await user.type(password, 'short');
    await user.click(submit);
    expect(password).toHaveAccessibleDescription('Password must be at least 10 characters long');
    expect(server.requestsTo('POST', ACCEPT)).toHaveLength(0);
  });

  it('sets the password with the link’s token, signs the member in and opens their home', async () => {
    const server = serverWith(undefined, json(200, SESSION));
    const { user, password, confirm, submit, router } = await renderPage();
    await user.type(password, 'a-long-password');
    await user.type(confirm, 'a-long-password');
    await user.click(submit);

    expect(await screen.findByRole('heading', { name: 'POS Terminal' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/t/acme/pos');
    expect(server.requestsTo('POST', ACCEPT)[0].body).toEqual({ token: TOKEN, password: 'a-long-password' });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: SESSION.user, tenant: ACME });
  });

  it('says the link is invalid when the server refuses it, with a way to sign in', async () => {
    const server = serverWith(json(400, { error: INVITATION_LINK_INVALID, code: 'BAD_REQUEST' }));
    renderWithProviders(<AcceptInvitationPage />, { route: `/accept-invitation?token=${TOKEN}`, path: '/accept-invitation' });

    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(server.requestsTo('GET', INFO)).toHaveLength(1);
  });

  it('says the link is invalid at once when it carries no token', () => {
    const server = stubFetch();
    renderWithProviders(<AcceptInvitationPage />, { route: '/accept-invitation', path: '/accept-invitation' });
    expect(screen.getByRole('alert')).toHaveTextContent(INVITATION_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(server.requests).toHaveLength(0);
  });

  it('says the link is invalid when it stopped working before the password was sent', async () => {
    serverWith(undefined, json(400, { error: INVITATION_LINK_INVALID, code: 'BAD_REQUEST' }));
    const { user, password, confirm, submit, router } = await renderPage();
    await user.type(password, 'a-long-password');
    await user.type(confirm, 'a-long-password');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(INVITATION_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/accept-invitation');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('puts the server’s password rule under the password', async () => {
    const message = 'Password must be at least 12 characters long';
    serverWith(undefined, json(400, { error: message, code: 'VALIDATION_ERROR', details: [{ field: 'body.password', message }] }));
    const { user, password, confirm, submit } = await renderPage();
    await user.type(password, 'eleven-char');
    await user.type(confirm, 'eleven-char');
    await user.click(submit);

    expect(await screen.findByText(message)).toBeVisible();
    expect(password).toHaveAccessibleDescription(message);
    expect(password).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
