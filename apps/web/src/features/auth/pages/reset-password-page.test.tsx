import { screen } from '@testing-library/react';
import { PASSWORD_RESET_DONE, RESET_LINK_INVALID } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { json, stubFetch, type FetchStub, type Reply } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ResetPasswordPage } from './reset-password-page';

const POLICY = '/api/auth/password-policy';
const RESET = '/api/auth/reset-password';

/** The page opened from an e-mailed link (`?token=`), once the policy's hint shows. */
async function renderPage(route = '/reset-password?token=tok-123') {
  const view = renderWithProviders(<ResetPasswordPage />, { route, path: '/reset-password' });
  await screen.findByText('At least 10 characters');
  return {
    ...view,
    password: screen.getByLabelText('New password'),
    confirm: screen.getByLabelText('Confirm password'),
    submit: screen.getByRole('button', { name: 'Set new password' }),
  };
}

/** The pretend server: the policy (minimum 10) and, when given, the answers of the reset. */
function serverWith(...reset: Reply[]): FetchStub {
  const server = stubFetch().on('GET', POLICY, json(200, { minLength: 10 }));
  return reset.length > 0 ? server.on('POST', RESET, ...reset) : server;
}

describe('Reset password page', () => {
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
    expect(server.requestsTo('POST', RESET)).toHaveLength(0);
  });

  it('changes the password with the link’s token and says to sign in', async () => {
    const server = serverWith(json(200, { message: PASSWORD_RESET_DONE }));
    const { user, password, confirm, submit } = await renderPage();
    await user.type(password, 'a-long-password');
    await user.type(confirm, 'a-long-password');
    await user.click(submit);

    expect(await screen.findByText(PASSWORD_RESET_DONE)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(server.requestsTo('POST', RESET)[0].body).toEqual({ token: 'tok-123', password: 'a-long-password' });
  });

  it('says the link is invalid when the server refuses the token, with a way to ask for a new one', async () => {
    serverWith(json(400, { error: RESET_LINK_INVALID, code: 'RESET_LINK_INVALID' }));
    const { user, password, confirm, submit } = await renderPage();
    await user.type(password, 'a-long-password');
    await user.type(confirm, 'a-long-password');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('says the link is invalid at once when it carries no token', () => {
    const server = stubFetch();
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password', path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(RESET_LINK_INVALID);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(server.requests).toHaveLength(0);
  });

  it('puts the server’s password rule under the new password', async () => {
    const message = 'Password must be at least 12 characters long';
    serverWith(json(400, { error: message, code: 'VALIDATION_ERROR', details: [{ field: 'body.password', message }] }));
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
