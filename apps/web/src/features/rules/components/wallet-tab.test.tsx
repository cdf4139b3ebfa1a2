import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CashbackRulesResponse, OfferListResponse, TenantResponse, TierRulesResponse, WalletBrandingResponse } from '@loyalty/contract';
import { walletContrastProblems } from '@loyalty/domain';
import { describe, expect, it } from 'vitest';
import { ACME, tenantWith, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { RulesPage } from '../pages/rules-page';
import { WalletTab } from './wallet-tab';

const WALLET = '/t/acme/rules/wallet';
const LOGO = '/t/acme/rules/wallet/logo';
// The server names the logo under its public address; the page loads the same path from its own origin.
const LOGO_PATH = '/api/wallet/logos/11111111-1111-4111-8111-111111111111?v=1';
const LOGO_URL = `https://cards.example.com${LOGO_PATH}`;

/** The look Acme saved: its own name, navy with white text and light-blue labels, terms and a logo; the platform's certificate signs its passes. */
const STORED: WalletBrandingResponse = {
  programName: 'Acme Rewards',
  backgroundColor: '#1e3a8a',
  foregroundColor: '#ffffff',
  labelColor: '#bfdbfe',
  terms: 'Cashback has no cash value.',
  logoUrl: LOGO_URL,
  updatedAt: '2026-03-01T10:00:00.000Z',
  certificate: null,
};

/** The server: the wallet look `look` and the tenant view (its name, Acme Coffee); records what the tab sends. */
function serve(look: WalletBrandingResponse = STORED) {
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

const preview = () => screen.getByRole('img', { name: /^Preview of the pass front/ });
const save = () => screen.getByRole('button', { name: 'Save Wallet Pass' });

/** Replaces the text of the field labelled `label` with `value`. */
async function retype(user: ReturnType<typeof renderWithProviders>['user'], label: string, value: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
  return field;
}

/**
 * axe-core's WCAG 2.1 A and AA rules on `scope` as rendered (the page, or an open dialog alone, as
 * the browser tests scan dialogs); a serious or critical finding fails. Colour contrast needs a
 * browser's layout and is the browser tests' (e2e/support/a11y.ts).
 */
async function expectNoSeriousAxeFindings(scope: Element = document.body) {
  const result = await axe.run(scope, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('Rules & Settings: the Wallet tab', () => {
  it('shows the saved look, the logo and the pass front drawn with them', async () => {
    serve();
    await renderTab();

    expect(screen.getByLabelText('Programme name')).toHaveValue('Acme Rewards');
    expect(screen.getByLabelText('Programme name')).toHaveAttribute('placeholder', 'Acme Coffee');
    expect(screen.getByLabelText('Background colour')).toHaveValue('#1e3a8a');
    expect(screen.getByLabelText('Background colour picker')).toHaveValue('#1e3a8a');
    expect(screen.getByLabelText('Text colour')).toHaveValue('#ffffff');
    expect(screen.getByLabelText('Label colour')).toHaveValue('#bfdbfe');
    expect(screen.getByLabelText('Terms (optional)')).toHaveValue('Cashback has no cash value.');
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', LOGO_PATH);
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();

    expect(preview()).toHaveAccessibleName('Preview of the pass front: Acme Rewards, balance $12.40, member Jane Customer');
    expect(preview()).toHaveStyle({ backgroundColor: '#1e3a8a', color: '#ffffff' });
    expect(within(preview()).getByText('BALANCE')).toHaveStyle({ color: '#bfdbfe' });
    expect(within(preview()).getByText('MEMBER')).toBeInTheDocument();
    expect(within(preview()).getByText('$12.40')).toBeInTheDocument();
    expect(within(preview()).getByText('Jane Customer')).toBeInTheDocument();
  });

  it('redraws the preview as the admin types, with the business name when the programme name is empty', async () => {
    serve({ ...STORED, programName: null, logoUrl: null });
    const { user } = await renderTab();
    expect(screen.getByText('Default logo')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
    expect(preview()).toHaveAccessibleName('Preview of the pass front: Acme Coffee, balance $12.40, member Jane Customer');

    await user.type(screen.getByLabelText('Programme name'), 'Bean Club');
    expect(preview()).toHaveAccessibleName('Preview of the pass front: Bean Club, balance $12.40, member Jane Customer');
    await retype(user, 'Background colour', '#14532D');
    expect(preview()).toHaveStyle({ backgroundColor: '#14532d' });
    fireEvent.input(screen.getByLabelText('Label colour picker'), { target: { value: '#dcfce7' } });
    expect(screen.getByLabelText('Label colour')).toHaveValue('#dcfce7');
    expect(within(preview()).getByText('BALANCE')).toHaveStyle({ color: '#dcfce7' });
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('says when the text colour does not read against the background, and sends nothing', async () => {
    const sent = serve();
    const { user } = await renderTab();
    const text = await retype(user, 'Text colour', '#3b4a9a');

    const [problem] = walletContrastProblems({ backgroundColor: '#1e3a8a', foregroundColor: '#3b4a9a', labelColor: '#bfdbfe' });
    expect(problem.field).toBe('foregroundColor');
    expect(text).toHaveAccessibleDescription(problem.message);
    expect(text).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Label colour')).not.toHaveAttribute('aria-invalid');

    await user.click(save());
    await waitFor(() => expect(text).toHaveFocus());
    expect(sent.to('PUT', WALLET)).toHaveLength(0);

    await retype(user, 'Text colour', '#ffffff');
    expect(text).not.toHaveAccessibleDescription(problem.message);
  });

  it('saves the typed look (empty texts as null, colours as #rrggbb) and says so', async () => {
    const sent = serve();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const saved: WalletBrandingResponse = { ...STORED, programName: 'Acme Stars', backgroundColor: '#0f172a', labelColor: '#e2e8f0', terms: null };
    server.use(
      http.put(api(WALLET), async () => {
        await answered;
        return HttpResponse.json<WalletBrandingResponse>(saved);
      }),
    );
    const { user } = await renderTab();

    await retype(user, 'Programme name', '  Acme Stars ');
    await retype(user, 'Background colour', '0F172A');
    fireEvent.input(screen.getByLabelText('Label colour picker'), { target: { value: '#e2e8f0' } });
    await retype(user, 'Terms (optional)', '');
    await user.click(save());

    await waitFor(() => expect(save()).toBeDisabled());
    answer();
    expect(await screen.findByText('Wallet pass saved successfully')).toBeInTheDocument();
    expect(sent.to('PUT', WALLET)).toHaveLength(1);
    expect(sent.to('PUT', WALLET)[0].body).toEqual({
      programName: 'Acme Stars',
      backgroundColor: '#0f172a',
      foregroundColor: '#ffffff',
      labelColor: '#e2e8f0',
      terms: null,
    });
    expect(save()).toBeEnabled();
    expect(screen.getByLabelText('Background colour')).toHaveValue('#0f172a');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal, under the colour it is about', async () => {
    const message = "The label colour's contrast with the background is 4.4:1; WCAG AA needs at least 4.5:1";
    serve();
    server.use(
      http.put(api(WALLET), () =>
        HttpResponse.json({ error: message, code: 'VALIDATION_ERROR', details: [{ field: 'labelColor', message }] }, { status: 400 }),
      ),
    );
    const { user } = await renderTab();
    await retype(user, 'Programme name', 'Acme Stars');
    await user.click(save());

    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(message);
    expect(screen.getByLabelText('Label colour')).toHaveAccessibleDescription(message);
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('uploads a chosen PNG as its content type and base64, and shows the new logo', async () => {
    const sent = serve({ ...STORED, logoUrl: null });
    const uploaded = `${LOGO_URL.replace('v=1', 'v=2')}`;
    server.use(http.put(api(LOGO), () => HttpResponse.json<WalletBrandingResponse>({ ...STORED, logoUrl: uploaded })));
    const { user } = await renderTab();

    await user.upload(screen.getByLabelText('Upload logo'), new File(['hello'], 'logo.png', { type: 'image/png' }));

    expect(await screen.findByText('Logo uploaded successfully')).toBeInTheDocument();
    expect(sent.to('PUT', LOGO)[0].body).toEqual({ contentType: 'image/png', dataBase64: btoa('hello') });
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute('src', LOGO_PATH.replace('v=1', 'v=2'));
    expect(screen.queryByText('Default logo')).not.toBeInTheDocument();
  });

  it('refuses a logo over 1 MB before sending it', async () => {
    const sent = serve();
    const { user } = await renderTab();
    await user.upload(screen.getByLabelText('Upload logo'), new File([new Uint8Array(1_000_001)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo must be at most 1 MB')).toBeInTheDocument();
    expect(sent.to('PUT', LOGO)).toHaveLength(0);
  });

  it('shows the server’s refusal of a logo', async () => {
    serve();
    server.use(http.put(api(LOGO), () => HttpResponse.json({ error: 'The logo must be a PNG or SVG image', code: 'VALIDATION_ERROR' }, { status: 400 })));
    const { user } = await renderTab();
    await user.upload(screen.getByLabelText('Upload logo'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The logo must be a PNG or SVG image');
  });

  it('asks before removing the logo, then sends DELETE and shows the default logo', async () => {
    const sent = serve();
    server.use(http.delete(api(LOGO), () => HttpResponse.json<WalletBrandingResponse>({ ...STORED, logoUrl: null })));
    const { user } = await renderTab();

    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the logo?' });
    expect(within(dialog).getByText("Your passes go back to the default logo, in your customers' phones too.")).toBeInTheDocument();
    expect(sent.to('DELETE', LOGO)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed successfully')).toBeInTheDocument();
    expect(sent.to('DELETE', LOGO)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByText('Default logo')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Current logo' })).not.toBeInTheDocument();
  });

  it('says when the look cannot be loaded, and loads it again on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api(WALLET), () =>
        fail ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json<WalletBrandingResponse>(STORED),
      ),
      http.get(api('/t/acme/tenant'), () => HttpResponse.json<TenantResponse>(tenantWith())),
    );
    const { user } = renderWithProviders(<WalletTab slug="acme" />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
    expect(await screen.findByText('Failed to load wallet settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Wallet pass settings' })).toBeInTheDocument();
  });

  it('has no serious or critical axe finding, with a contrast problem shown and with the removal dialog open', async () => {
    serve();
    const { user } = await renderTab();
    await retype(user, 'Label colour', '#3b4a9a');
    expect(screen.getByLabelText('Label colour')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousAxeFindings();
    await user.click(screen.getByRole('button', { name: 'Remove logo' }));
    await expectNoSeriousAxeFindings(await screen.findByRole('alertdialog', { name: 'Remove the logo?' }));
  });

  it('is the last tab of Rules & Settings', async () => {
    serve();
    server.use(
      http.get(api('/t/acme/rules/cashback'), () => HttpResponse.json<CashbackRulesResponse>({ rules: [] })),
      http.get(api('/t/acme/rules/tiers'), () => HttpResponse.json<TierRulesResponse>({ rules: [] })),
      http.get(api('/t/acme/rules/offers'), () => HttpResponse.json<OfferListResponse>({ offers: [] })),
    );
    const { user } = renderWithProviders(<RulesPage />, {
      route: '/t/acme/rules',
      path: '/t/:slug/rules',
      session: { user: userOf('tenant_admin'), tenant: ACME },
    });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Cashback Rules',
      'Loyalty Tiers',
      'Special Offers',
      'Rewards',
      'Limits',
      'Offline',
      'Expiry',
      'Messages',
      'Wallet',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Wallet' }));
    expect(await screen.findByRole('form', { name: 'Wallet pass settings' })).toBeInTheDocument();
  });
});
