import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAuthStore } from '@/lib/auth-store';
import { ACME, userOf } from '@/test/fixtures';
import { json, noContent, stubFetch } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { TwoFactorCard } from './two-factor-card';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const URL_ = `otpauth://totp/Loyalty%20Cards:ada%40example.com?secret=${SECRET}&issuer=Loyalty%20Cards`;
const CODES = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbb${i}`.replace(/\d/g, (d) => 'cdefghijkl'[Number(d)]));
const session = { user: userOf('tenant_admin', { email: 'ada@example.com' }), tenant: ACME };

describe('Two-factor on the Profile (docs/security.md)', () => {
  it('sets up with a QR code and the key, shows the recovery codes once, then says On', async () => {
    const server = stubFetch()
      .on('POST', '/api/auth/2fa/setup', json(200, { secret: SECRET, otpauthUrl: URL_ }))
      .on(
        'POST',
        '/api/auth/2fa/enable',
        json(400, { error: 'That code is not right. Check the code in your authenticator app and try again.', code: 'VALIDATION_ERROR' }),
        json(200, { recoveryCodes: CODES }),
      );
    const { user } = renderWithProviders(<TwoFactorCard />, { session });
    expect(screen.getByText('Off')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(SECRET);
    await user.type(screen.getByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');

    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list).toHaveTextContent(CODES[9]);
    expect(server.requestsTo('POST', '/api/auth/2fa/enable').map((r) => r.body)).toEqual([{ code: '111111' }, { code: '123456' }]);
    expect(screen.getByText('Off')).toBeVisible(); // not swapped away before the codes are saved

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('On')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(useAuthStore.getState().twoFactorEnabled).toBe(true);
  });

  it('turns off with a code', async () => {
    const server = stubFetch().on('POST', '/api/auth/2fa/disable', noContent());
    const { user } = renderWithProviders(<TwoFactorCard />, { session });
    useAuthStore.getState().setTwoFactorEnabled(true);
    await user.type(await screen.findByLabelText('Code from your authenticator app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    expect(await screen.findByText('Off')).toBeVisible();
    expect(server.requestsTo('POST', '/api/auth/2fa/disable')[0].body).toEqual({ code: '654321' });
  });
});
