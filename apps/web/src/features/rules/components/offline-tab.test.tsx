import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_OFFLINE_SETTINGS, type CashbackRulesResponse, type OfferListResponse, type OfflineSettings, type TierRulesResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { RulesPage } from '../pages/rules-page';
import { OfflineTab } from './offline-tab';

const OFFLINE = '/t/acme/rules/offline';

/** What Acme saved: offline redemptions allowed, up to $25.00 each and $60.00 per card a day. */
const STORED: OfflineSettings = { redemptions: { enabled: true, maxPerTransactionCents: 2500, maxPerCardPerDayCents: 6000 } };

/** The server: the offline `settings`; records what the tab sends. */
function serve(settings: OfflineSettings = STORED) {
  server.use(http.get(api(OFFLINE), () => HttpResponse.json<OfflineSettings>(settings)));
  return recordRequests();
}

async function renderTab() {
  const view = renderWithProviders(<OfflineTab slug="acme" />, { route: '/t/acme/rules', session: { user: userOf('tenant_admin'), tenant: ACME } });
  await screen.findByRole('form', { name: 'Offline till' });
  return view;
}

const redemptions = () => screen.getByRole('group', { name: 'Redemptions' });
const toggle = () => within(redemptions()).getByRole('checkbox', { name: 'Allow redemptions while offline' });
const perRedemption = () => within(redemptions()).getByLabelText('Most per offline redemption');
const perCardDay = () => within(redemptions()).getByLabelText('Most redeemed offline per card a day');
const save = () => screen.getByRole('button', { name: 'Save Offline Settings' });

describe('Rules & Settings: the Offline tab', () => {
  it('shows the saved settings, caps in dollars, that earns always sync, and the risk of offline redemptions', async () => {
    serve();
    await renderTab();
    expect(toggle()).toBeChecked();
    expect(perRedemption()).toHaveValue('25.00');
    expect(perCardDay()).toHaveValue('60.00');
    expect(screen.getByText(/Earns are always accepted offline/)).toHaveTextContent(/72 hours/);
    const warning = screen.getByText(/While offline the till cannot see the card's current balance\./);
    expect(warning).toHaveTextContent(
      "While offline the till cannot see the card's current balance. If a card was spent or blocked meanwhile, the redemption is refused when it syncs and shows up under Sync conflicts; your business carries that risk.",
    );
    expect(within(warning).getByRole('link', { name: 'Sync conflicts' })).toHaveAttribute('href', '/t/acme/review?view=conflicts');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('sends the switch and the typed dollars as cents, says so and keeps what the server stored', async () => {
    const sent = serve(DEFAULT_OFFLINE_SETTINGS);
    server.use(http.put(api(OFFLINE), async ({ request }) => HttpResponse.json<OfflineSettings>((await request.json()) as OfflineSettings)));
    const { user } = await renderTab();
    expect(toggle()).not.toBeChecked();
    expect(perRedemption()).toHaveValue('20.00');

    await user.click(toggle());
    await user.clear(perRedemption());
    await user.type(perRedemption(), '$12.5');
    await user.clear(perCardDay());
    await user.type(perCardDay(), '1,000');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(save());

    expect(await screen.findByText('Offline settings saved')).toBeInTheDocument();
    expect(sent.to('PUT', OFFLINE)).toHaveLength(1);
    expect(sent.to('PUT', OFFLINE)[0].body).toEqual({
      redemptions: { enabled: true, maxPerTransactionCents: 1250, maxPerCardPerDayCents: 100_000 },
    } satisfies OfflineSettings);
    expect(perRedemption()).toHaveValue('12.50');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('explains a cap out of range at its field with the contract’s message, and sends nothing', async () => {
    const sent = serve();
    const { user } = await renderTab();
    await user.clear(perRedemption());
    await user.type(perRedemption(), '1000.01');
    await user.clear(perCardDay());
    await user.type(perCardDay(), 'lots');
    await user.click(save());

    await waitFor(() => expect(perRedemption()).toHaveAccessibleDescription('Most per offline redemption must be between $0.01 and $1,000.00'));
    expect(perCardDay()).toHaveAccessibleDescription('Enter an amount in dollars, e.g. 5.00');
    expect(sent.to('PUT', OFFLINE)).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it is about', async () => {
    const message = 'Most redeemed offline per card a day must be between $0.01 and $1,000.00';
    serve();
    server.use(
      http.put(api(OFFLINE), () =>
        HttpResponse.json(
          {
            error: `Invalid redemptions.maxPerCardPerDayCents: ${message}`,
            code: 'VALIDATION_ERROR',
            details: [{ field: 'body.redemptions.maxPerCardPerDayCents', message }],
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderTab();
    await user.clear(perCardDay());
    await user.type(perCardDay(), '70');
    await user.click(save());

    await waitFor(() => expect(perCardDay()).toHaveAccessibleDescription(message));
    expect(perCardDay()).toHaveAttribute('aria-invalid', 'true');
    expect(perRedemption()).not.toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent(`Invalid redemptions.maxPerCardPerDayCents: ${message}`);
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('says when the settings cannot be loaded, and loads them again on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api(OFFLINE), () =>
        fail ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json<OfflineSettings>(STORED),
      ),
    );
    const { user } = renderWithProviders(<OfflineTab slug="acme" />, { route: '/t/acme/rules', session: { user: userOf('tenant_admin'), tenant: ACME } });
    expect(screen.getByText('Loading offline settings')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load offline settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Offline till' })).toBeInTheDocument();
  });

  it('has no serious or critical axe finding, with a field error shown', async () => {
    serve();
    const { user } = await renderTab();
    await user.clear(perRedemption());
    await user.click(save());
    await waitFor(() => expect(perRedemption()).toHaveAttribute('aria-invalid', 'true'));
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('is a tab of Rules & Settings, after Limits', async () => {
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
    const names = (await screen.findAllByRole('tab')).map((tab) => tab.textContent);
    expect(names.indexOf('Offline')).toBe(names.indexOf('Limits') + 1);
    await user.click(screen.getByRole('tab', { name: 'Offline' }));
    expect(await screen.findByRole('form', { name: 'Offline till' })).toBeInTheDocument();
  });
});
