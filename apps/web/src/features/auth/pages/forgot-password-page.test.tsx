import { screen } from '@testing-library/react';
import { FORGOT_PASSWORD_SENT } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { deferred, json, networkError, stubFetch } from '@/test/fetch-stub';
import { renderRoutes, renderWithProviders } from '@/test/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';

const FORGOT = '/api/auth/forgot-password';

function renderPage() {
  const view = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
  return { ...view, email: screen.getByRole('textbox', { name: 'Email' }), submit: screen.getByRole('button', { name: 'Send reset link' }) };
}

describe('Forgot password page', () => {
  it('is linked from the login page', async () => {
    stubFetch().on('GET', '/api/auth/login-options', json(200, { demoAccounts: false }));
    const { user } = renderRoutes(
      [
        { path: '/login', element: <LoginPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
      ],
      '/login',
    );
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('sends the address, spins while it waits, then shows the server’s message in place of the form', async () => {
    const answer = deferred();
    const server = stubFetch().on('POST', FORGOT, answer.reply);
    const { user, email, submit } = renderPage();

    await user.type(email, '  Ada@Example.com ');
    await user.click(submit);
    expect(submit).toBeDisabled();
    answer.resolve(json(202, { message: FORGOT_PASSWORD_SENT }));

    expect(await screen.findByText(FORGOT_PASSWORD_SENT)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Email' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(server.requestsTo('POST', FORGOT)[0].body).toEqual({ email: 'ada@example.com' });
  });

  it('says under the field when the address is not one, and sends nothing', async () => {
    const server = stubFetch();
    const { user, email, submit } = renderPage();
    await user.click(submit);
    expect(email).toHaveAccessibleDescription('Email is required');
    await user.type(email, 'not-an-address');
    await user.click(submit);
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(server.requestsTo('POST', FORGOT)).toHaveLength(0);
  });

  it('puts the server’s message about the address under the field', async () => {
    stubFetch().on(
      'POST',
      FORGOT,
      json(400, { error: 'Validation failed', code: 'VALIDATION_ERROR', details: [{ field: 'body.email', message: 'Enter a valid email address' }] }),
    );
    const { user, email, submit } = renderPage();
    await user.type(email, 'ada@example.com');
    await user.click(submit);
    expect(await screen.findByText('Enter a valid email address')).toBeVisible();
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the rate limit and a network failure above the form, which stays', async () => {
    stubFetch().on('POST', FORGOT, json(429, { error: 'Too many attempts. Please wait a minute and try again.', code: 'RATE_LIMITED' }), networkError());
    const { user, email, submit } = renderPage();
    await user.type(email, 'ada@example.com');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');

    await user.click(submit);
    expect(await screen.findByText('Network error. Please check your connection.')).toBeVisible();
    expect(email).toHaveValue('ada@example.com');
    expect(submit).toBeEnabled();
  });
});
