import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PasswordInput } from './password-input';

describe('PasswordInput', () => {
  it('hides the password until the user asks to see it, and hides it again', async () => {
    const user = userEvent.setup();
    render(<PasswordInput label="Password" />);
    const field = screen.getByLabelText('Password');
    await user.type(field, 'secret-words');
    expect(field).toHaveAttribute('type', 'password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveValue('secret-words');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('does not submit the form when the eye is pressed', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submitted += 1;
        }}
      >
        <PasswordInput label="Password" />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(submitted).toBe(0);
  });

  it('shows the policy hint, and the error in its place once there is one', () => {
    const { rerender } = render(<PasswordInput label="Password" hint="At least 8 characters" />);
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAccessibleDescription('At least 8 characters');
    expect(field).not.toHaveAttribute('aria-invalid');

    rerender(<PasswordInput label="Password" hint="At least 8 characters" error="Password must be at least 8 characters long" />);
    expect(field).toHaveAccessibleDescription('Password must be at least 8 characters long');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('At least 8 characters')).not.toBeInTheDocument();
  });
});
