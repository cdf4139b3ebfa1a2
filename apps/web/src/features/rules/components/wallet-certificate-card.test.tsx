import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { WALLET_CERTIFICATE_TEXT, type TenantResponse, type WalletBrandingResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { WalletTab } from './wallet-tab';

const WALLET = '/t/acme/rules/wallet';
const CERTIFICATE = '/t/acme/rules/wallet/certificate';

/** Acme's look while the platform's certificate signs its passes. */
const PLATFORM: WalletBrandingResponse = {
  programName: 'Acme Rewards',
  backgroundColor: '#1e3a8a',
  foregroundColor: '#ffffff',
  labelColor: '#bfdbfe',
  terms: null,
  logoUrl: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  certificate: null,
};

/** The same look once Acme uploaded its own certificate (midday UTC: the same date in every test time zone). */
const OWN: WalletBrandingResponse = {
  ...PLATFORM,
  certificate: { passTypeIdentifier: 'pass.com.acme.rewards', teamIdentifier: 'A1B2C3D4E5', expiresAt: '2027-03-01T12:00:00.000Z' },
};

/** The bytes of a (pretend) .p12 file: binary, so base64 of the raw bytes is what must be sent. */
const P12_BYTES = new Uint8Array([0x30, 0x82, 0x0a, 0x4f, 0x02, 0x01, 0x03, 0xff, 0x00, 0xfe]);
const P12_BASE64 = btoa(String.fromCharCode(...P12_BYTES));

/** The server: the wallet look `look` and the tenant view; records what the tab sends. */
function serve(look: WalletBrandingResponse) {
  server.use(
    http.get(api(WALLET), () => HttpResponse.json<WalletBrandingResponse>(look)),
    http.get(api('/t/acme/tenant'), () => HttpResponse.json<TenantResponse>(tenantWith())),
  );
  return recordRequests();
}

async function renderTab() {
  const view = renderWithProviders(<WalletTab slug="acme" />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
  await screen.findByRole('form', { name: 'Wallet pass settings' });
  return view;
}

const uploadForm = () => screen.getByRole('form', { name: 'Apple certificate upload' });
const fileField = () => screen.getByLabelText('Certificate file (.p12)');
const passwordField = () => screen.getByLabelText('Certificate password');

describe('Rules & Settings: the Wallet tab’s Apple certificate', () => {
  it('says the platform’s certificate signs the passes while the business has none', async () => {
    serve(PLATFORM);
    await renderTab();

    expect(screen.getByRole('heading', { name: 'Apple certificate (optional)' })).toBeInTheDocument();
    expect(
      screen.getByText(
        "By default your passes are signed with the platform's certificate. Upload your own Pass Type ID certificate (.p12 from Keychain) to issue passes under your own Apple developer account.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByText("Your passes are signed with the platform's certificate.")).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Current certificate' })).not.toBeInTheDocument();
    expect(fileField()).toHaveAttribute('type', 'file');
    expect(fileField()).toHaveAttribute('accept', '.p12,application/x-pkcs12');
    expect(passwordField()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Upload certificate' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Replace certificate' })).not.toBeInTheDocument();
    expect(screen.queryByText('A replacement must keep the same Pass Type ID and Team ID.')).not.toBeInTheDocument();
  });

  it('shows the business’s certificate in use: its Pass Type ID, Team ID and expiry, and offers to replace it', async () => {
    serve(OWN);
    await renderTab();

    const current = screen.getByRole('region', { name: 'Current certificate' });
    expect(within(current).getByText('Your passes are signed with your own certificate.')).toBeInTheDocument();
    expect(within(current).getByText('Pass Type ID').nextElementSibling).toHaveTextContent('pass.com.acme.rewards');
    expect(within(current).getByText('Team ID').nextElementSibling).toHaveTextContent('A1B2C3D4E5');
    expect(within(current).getByText('Expires Mar 1, 2027')).toBeInTheDocument();
    expect(screen.queryByText("Your passes are signed with the platform's certificate.")).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace certificate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload certificate' })).not.toBeInTheDocument();
    expect(screen.getByText('A replacement must keep the same Pass Type ID and Team ID.')).toBeInTheDocument();
  });

  it('uploads the chosen .p12 as exactly { p12Base64, password }, disabled meanwhile, then shows the new certificate', async () => {
    const sent = serve(PLATFORM);
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.put(api(CERTIFICATE), async () => {
        await answered;
        return HttpResponse.json<WalletBrandingResponse>(OWN);
      }),
    );
    const { user } = await renderTab();

    await user.upload(fileField(), new File([P12_BYTES], 'acme.p12', { type: 'application/x-pkcs12' }));
    await user.type(passwordField(), 'keychain secret');
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'Upload certificate' })).toBeDisabled());
    answer();
    expect(await screen.findByText('Certificate uploaded successfully')).toBeInTheDocument();
    expect(sent.to('PUT', CERTIFICATE)).toHaveLength(1);
    expect(sent.to('PUT', CERTIFICATE)[0].body).toStrictEqual({ p12Base64: P12_BASE64, password: 'keychain secret' });

    const current = screen.getByRole('region', { name: 'Current certificate' });
    expect(within(current).getByText('pass.com.acme.rewards')).toBeInTheDocument();
    expect(within(current).getByText('A1B2C3D4E5')).toBeInTheDocument();
    expect(within(current).getByText('Expires Mar 1, 2027')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace certificate' })).toBeEnabled();
    expect(passwordField()).toHaveValue('');
    expect((fileField() as HTMLInputElement).files).toHaveLength(0);
    // The look's form is untouched by the upload.
    expect(screen.getByLabelText('Programme name')).toHaveValue('Acme Rewards');
  });

  it('shows the server’s refusal in the card and keeps the certificate shown', async () => {
    serve(OWN);
    server.use(
      http.put(api(CERTIFICATE), () => HttpResponse.json({ error: WALLET_CERTIFICATE_TEXT.changedIdentifiers, code: 'BUSINESS_RULE' }, { status: 422 })),
    );
    const { user } = await renderTab();

    await user.upload(fileField(), new File([P12_BYTES], 'other.p12', { type: 'application/x-pkcs12' }));
    await user.type(passwordField(), 'pw');
    await user.click(screen.getByRole('button', { name: 'Replace certificate' }));

    expect(await within(uploadForm()).findByRole('alert')).toHaveTextContent(WALLET_CERTIFICATE_TEXT.changedIdentifiers);
    expect(screen.queryByText('Certificate uploaded successfully')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Current certificate' })).getByText('pass.com.acme.rewards')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace certificate' })).toBeEnabled();
    expect(passwordField()).toHaveValue('pw');
  });

  it('shows the 400 of a .p12 that does not open with the password', async () => {
    serve(PLATFORM);
    server.use(http.put(api(CERTIFICATE), () => HttpResponse.json({ error: WALLET_CERTIFICATE_TEXT.unreadable, code: 'VALIDATION_ERROR' }, { status: 400 })));
    const { user } = await renderTab();

    await user.upload(fileField(), new File([P12_BYTES], 'acme.p12', { type: 'application/x-pkcs12' }));
    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));

    expect(await within(uploadForm()).findByRole('alert')).toHaveTextContent(WALLET_CERTIFICATE_TEXT.unreadable);
  });

  it('refuses a .p12 over 100 kB without sending it, and asks for a file when none is chosen', async () => {
    const sent = serve(PLATFORM);
    const { user } = await renderTab();

    await user.upload(fileField(), new File([new Uint8Array(100_001)], 'big.p12', { type: 'application/x-pkcs12' }));
    expect(await screen.findByText('The .p12 file must be at most 100 kB')).toBeInTheDocument();
    expect(fileField()).toHaveAccessibleDescription('The .p12 file must be at most 100 kB');
    expect(fileField()).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Upload certificate' }));
    expect(await screen.findByText('Choose the .p12 file')).toBeInTheDocument();
    expect(fileField()).toHaveFocus();
    expect(sent.to('PUT', CERTIFICATE)).toHaveLength(0);

    await user.upload(fileField(), new File([new Uint8Array(100_000)], 'ok.p12', { type: 'application/x-pkcs12' }));
    expect(fileField()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Choose the .p12 file')).not.toBeInTheDocument();
    expect(sent.to('PUT', CERTIFICATE)).toHaveLength(0);
  });

  it('has no serious or critical axe finding with a certificate shown and a refusal in the card', async () => {
    serve(OWN);
    server.use(http.put(api(CERTIFICATE), () => HttpResponse.json({ error: WALLET_CERTIFICATE_TEXT.expired, code: 'BUSINESS_RULE' }, { status: 422 })));
    const { user } = await renderTab();
    await user.upload(fileField(), new File([P12_BYTES], 'old.p12', { type: 'application/x-pkcs12' }));
    await user.click(screen.getByRole('button', { name: 'Replace certificate' }));
    await within(uploadForm()).findByRole('alert');

    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
