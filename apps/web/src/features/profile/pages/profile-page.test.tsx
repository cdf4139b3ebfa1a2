import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PasswordPolicy, SessionTenant, SessionUser, TwoFactorSetupResponse } from '@loyalty/contract';
import { useAuthStore } from '@/lib/auth-store';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { ProfilePage } from './profile-page';

const SETUP: TwoFactorSetupResponse = {
  secret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Loyalty%20Cards:sam?secret=JBSWY3DPEHPK3PXP&issuer=Loyalty%20Cards',
};

/** The Profile of `user`, once the change-password form knows the password policy. */
async function renderPage(user: SessionUser, tenant: SessionTenant | null = ACME) {
  server.use(http.get(api('/auth/password-policy'), () => HttpResponse.json<PasswordPolicy>({ minLength: 8 })));
  const view = renderWithProviders(<ProfilePage />, { session: { user, tenant } });
  await screen.findByText('At least 8 characters');
  return view;
}

/** The account card's facts as label → value. */
function accountFacts(): Record<string, string> {
  const card = screen.getByText('Account').closest('div')?.parentElement as HTMLElement;
  const facts: Record<string, string> = {};
  for (const dt of within(card).getAllByRole('term')) facts[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
  return facts;
}

describe('Profile page: the account', () => {
  it('shows a cashier’s name, e-mail, role, business and store', async () => {
    await renderPage(userOf('cashier'));
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    expect(accountFacts()).toEqual({ Name: 'Sam Acme', Email: 'cashier@example.com', Role: 'Cashier', Business: 'Acme Coffee', Store: 'Main Street' });
  });

  it('shows All stores for a Store Admin without a store', async () => {
    await renderPage(userOf('tenant_admin'));
    expect(accountFacts()).toMatchObject({ Business: 'Acme Coffee', Store: 'All stores' });
  });

  it('shows the operator’s area and no business', async () => {
    await renderPage(userOf('platform_admin'), null);
    const facts = accountFacts();
    expect(facts).toMatchObject({ Area: 'Operator console' });
    expect(facts).not.toHaveProperty('Business');
    expect(facts).not.toHaveProperty('Store');
  });

  it('offers two-factor to staff but not to a customer', async () => {
    const { unmount } = await renderPage(userOf('customer'));
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByText('Two-factor authentication')).not.toBeInTheDocument();
    expect(accountFacts()).not.toHaveProperty('Store');
    unmount();
    await renderPage(userOf('cashier'));
    expect(screen.getByText('Two-factor authentication')).toBeInTheDocument();
  });
});

describe('Profile page: two-factor', () => {
  it('goes back to the start on Cancel during the scan, having turned nothing on', async () => {
    server.use(http.post(api('/auth/2fa/setup'), () => HttpResponse.json(SETUP)));
    const sent = recordRequests();
    const { user } = await renderPage(userOf('tenant_admin'));
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    await screen.findByTestId('two-factor-secret');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-secret')).not.toBeInTheDocument();
    expect(sent.to('POST', '/auth/2fa/enable')).toHaveLength(0);
    expect(screen.getByText('Off')).toBeInTheDocument();
  });

  it('copies the recovery codes, one a line, and says so', async () => {
    const codes = ['aaaa-bbbb', 'cccc-dddd'];
    server.use(
      http.post(api('/auth/2fa/setup'), () => HttpResponse.json(SETUP)),
      http.post(api('/auth/2fa/enable'), () => HttpResponse.json({ recoveryCodes: codes })),
    );
    const { user } = await renderPage(userOf('tenant_admin'));
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    await user.type(await screen.findByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    await screen.findByRole('list', { name: 'Recovery codes' });
    expect(screen.getByText('Save your recovery codes now')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Recovery codes copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('aaaa-bbbb\ncccc-dddd');
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
  });

  it('keeps two-factor on and shows the server’s reason when turning off is refused', async () => {
    server.use(
      http.post(api('/auth/2fa/disable'), () =>
        HttpResponse.json({ error: 'Two-factor authentication is required for your role', code: 'TWO_FACTOR_REQUIRED' }, { status: 422 }),
      ),
    );
    const { user } = await renderPage(userOf('tenant_admin'));
    useAuthStore.getState().setTwoFactorEnabled(true);
    const field = await screen.findByLabelText('Code from your authenticator app');
    expect(screen.getByRole('button', { name: 'Turn off two-factor' })).toBeDisabled();
    await user.type(field, '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Two-factor authentication is required for your role');
    await waitFor(() => expect(useAuthStore.getState().twoFactorEnabled).toBe(true));
    expect(screen.getByText('On')).toBeInTheDocument();
  });
});
