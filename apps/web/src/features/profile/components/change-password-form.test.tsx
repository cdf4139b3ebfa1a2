import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { json, noContent, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { ChangePasswordForm } from './change-password-form';

const POLICY = '/api/auth/password-policy';
const PASSWORD = '/api/auth/password';

async function renderForm() {
  const view = renderWithProviders(<ChangePasswordForm />, { session: { user: userOf('cashier'), tenant: ACME } });
  const current = screen.getByLabelText('Current password');
  const next = screen.getByLabelText('New password');
  const confirm = screen.getByLabelText('Confirm new password');
  const submit = screen.getByRole('button', { name: 'Change password' });
  await screen.findByText('At least 10 characters');
  return { ...view, current, next, confirm, submit };
}

describe('Change password form', () => {
  it('holds a new password to the operator’s minimum and asks for the same twice', async () => {
    const server = stubFetch().on('GET', POLICY, json(200, { minLength: 10 }));
    const { user, current, next, confirm, submit } = await renderForm();

    await user.type(current, 'old-secret');
    await user.type(next, 'short123');
    await user.type(confirm, 'different');
    await user.click(submit);

    expect(next).toHaveAccessibleDescription('Password must be at least 10 characters long');
    expect(confirm).toHaveAccessibleDescription('Passwords do not match');
    expect(server.requestsTo('PUT', PASSWORD)).toHaveLength(0);
  });

  it('refuses the current password as the new one', async () => {
    stubFetch().on('GET', POLICY, json(200, { minLength: 10 }));
    const { user, current, next, confirm, submit } = await renderForm();
    for (const field of [current, next, confirm]) await user.type(field, 'same-password-1');
    await user.click(submit);
    expect(next).toHaveAccessibleDescription('Choose a password different from the current one');
  });

  it('changes the password, says so and empties the fields', async () => {
    const server = stubFetch()
      .on('GET', POLICY, json(200, { minLength: 10 }))
      .on('PUT', PASSWORD, noContent());
    const { user, current, next, confirm, submit } = await renderForm();
    await user.type(current, 'old-secret');
    await user.type(next, 'a-much-longer-one');
    await user.type(confirm, 'a-much-longer-one');
    await user.click(submit);

    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(server.requestsTo('PUT', PASSWORD)[0].body).toEqual({ currentPassword: 'old-secret', newPassword: 'a-much-longer-one' });
    for (const field of [current, next, confirm]) expect(field).toHaveValue('');
  });

  it('puts the server’s message under the field it names', async () => {
    stubFetch()
      .on('GET', POLICY, json(200, { minLength: 10 }))
      .on(
        'PUT',
        PASSWORD,
        json(400, {
          error: 'Current password is incorrect',
          code: 'VALIDATION_ERROR',
          details: [{ field: 'body.currentPassword', message: 'Current password is incorrect' }],
        }),
      );
    const { user, current, next, confirm, submit } = await renderForm();
    await user.type(current, 'wrong-one');
    await user.type(next, 'a-much-longer-one');
    await user.type(confirm, 'a-much-longer-one');
    await user.click(submit);

    expect(await screen.findByText('Current password is incorrect')).toBeVisible();
    expect(current).toHaveAccessibleDescription('Current password is incorrect');
    expect(current).toHaveFocus();
  });

  it('shows a failure without a field (too many attempts) above the fields', async () => {
    stubFetch()
      .on('GET', POLICY, json(200, { minLength: 10 }))
      .on('PUT', PASSWORD, json(429, { error: 'Too many attempts. Try again in 15 minutes.', code: 'RATE_LIMITED' }));
    const { user, current, next, confirm, submit } = await renderForm();
    await user.type(current, 'old-secret');
    await user.type(next, 'a-much-longer-one');
    await user.type(confirm, 'a-much-longer-one');
    await user.click(submit);
    expect(await screen.findByText('Too many attempts. Try again in 15 minutes.')).toBeVisible();
  });
});
