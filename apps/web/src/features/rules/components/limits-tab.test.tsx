import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_LIMIT_SETTINGS, type CashbackRulesResponse, type LimitSettings, type OfferListResponse, type TierRulesResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { RulesPage } from '../pages/rules-page';
import { LimitsTab } from './limits-tab';

const LIMITS = '/t/acme/rules/limits';

/** What Acme saved: 5 earns a card a day refused, purchases up to $500.00 flagged, the redemption limits off. */
const STORED: LimitSettings = {
  cardEarnsPerDay: { enabled: true, count: 5, action: 'REFUSE' },
  cardEarnAmount: { enabled: true, amountCents: 50_000, action: 'FLAG' },
  cardRedeemPerDay: { enabled: false, amountCents: 3000, action: 'FLAG' },
  staffRedeemPerDay: { enabled: false, amountCents: 1500, action: 'REFUSE' },
};

/** The server: the limits `settings`; records what the tab sends. */
function serve(settings: LimitSettings = STORED) {
  server.use(http.get(api(LIMITS), () => HttpResponse.json<LimitSettings>(settings)));
  return recordRequests();
}

async function renderTab() {
  const view = renderWithProviders(<LimitsTab slug="acme" />, { route: '/t/acme/rules', session: { user: userOf('tenant_admin'), tenant: ACME } });
  await screen.findByRole('form', { name: 'Velocity limits' });
  return view;
}

const section = (name: string) => screen.getByRole('group', { name });
const save = () => screen.getByRole('button', { name: 'Save Limits' });

/** Replaces the text of the field labelled `label` in `scope` with `value`. */
async function retype(user: ReturnType<typeof renderWithProviders>['user'], scope: HTMLElement, label: string, value: string) {
  const field = within(scope).getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
  return field;
}

describe('Rules & Settings: the Limits tab', () => {
  it('shows the saved limits, amounts in dollars, with what each does when reached', async () => {
    serve();
    await renderTab();
    expect(screen.getByText("Velocity limits stop or flag unusual activity on a card or by a staff member. A day is your business's day.")).toBeVisible();

    const earns = section('Earns per card');
    expect(within(earns).getByRole('checkbox', { name: 'Limit the earns per card a day' })).toBeChecked();
    expect(within(earns).getByLabelText('Earns per card a day')).toHaveValue(5);
    expect(within(earns).getByLabelText('When the limit is reached')).toHaveDisplayValue('Refuse the movement');

    const amount = section('Purchase amount');
    expect(within(amount).getByRole('checkbox', { name: 'Limit the purchase amount per earn' })).toBeChecked();
    expect(within(amount).getByLabelText('Purchase amount per earn')).toHaveValue('500.00');
    expect(within(amount).getByLabelText('When the limit is reached')).toHaveDisplayValue('Accept and flag for review');

    const card = section('Redemptions per card');
    expect(within(card).getByRole('checkbox', { name: 'Limit the amount redeemed per card a day' })).not.toBeChecked();
    expect(within(card).getByLabelText('Redeemed per card a day')).toHaveValue('30.00');

    const staff = section('Redemptions per staff member');
    expect(within(staff).getByRole('checkbox', { name: 'Limit the amount redeemed per staff member a day' })).not.toBeChecked();
    expect(within(staff).getByLabelText('Redeemed per staff member a day')).toHaveValue('15.00');
    expect(within(staff).getByLabelText('When the limit is reached')).toHaveDisplayValue('Refuse the movement');
    expect(screen.getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/t/acme/review');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('sends the typed dollars as cents, says so and keeps what the server stored', async () => {
    const sent = serve(DEFAULT_LIMIT_SETTINGS);
    server.use(http.put(api(LIMITS), async ({ request }) => HttpResponse.json<LimitSettings>((await request.json()) as LimitSettings)));
    const { user } = await renderTab();

    await user.click(within(section('Earns per card')).getByRole('checkbox', { name: 'Limit the earns per card a day' }));
    await retype(user, section('Earns per card'), 'Earns per card a day', '2');
    await user.selectOptions(within(section('Earns per card')).getByLabelText('When the limit is reached'), 'Refuse the movement');
    await user.click(within(section('Redemptions per card')).getByRole('checkbox', { name: 'Limit the amount redeemed per card a day' }));
    const redeemed = await retype(user, section('Redemptions per card'), 'Redeemed per card a day', '$1,234.5');
    await retype(user, section('Redemptions per staff member'), 'Redeemed per staff member a day', '0.01');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(save());

    expect(await screen.findByText('Limits saved')).toBeInTheDocument();
    expect(sent.to('PUT', LIMITS)).toHaveLength(1);
    expect(sent.to('PUT', LIMITS)[0].body).toEqual({
      cardEarnsPerDay: { enabled: true, count: 2, action: 'REFUSE' },
      cardEarnAmount: { enabled: false, amountCents: 100_000, action: 'FLAG' },
      cardRedeemPerDay: { enabled: true, amountCents: 123_450, action: 'FLAG' },
      staffRedeemPerDay: { enabled: false, amountCents: 1, action: 'FLAG' },
    } satisfies LimitSettings);
    expect(redeemed).toHaveValue('1234.50');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('explains a count or an amount out of range at its field with the contract’s message, and sends nothing', async () => {
    const sent = serve();
    const { user } = await renderTab();
    const count = await retype(user, section('Earns per card'), 'Earns per card a day', '0');
    const amount = await retype(user, section('Purchase amount'), 'Purchase amount per earn', '0');
    const staff = await retype(user, section('Redemptions per staff member'), 'Redeemed per staff member a day', 'lots');
    await user.click(save());

    await waitFor(() => expect(count).toHaveAccessibleDescription('Earns per card a day must be between 1 and 1000'));
    expect(amount).toHaveAccessibleDescription('Purchase amount per earn must be between $0.01 and $1,000,000.00');
    expect(staff).toHaveAccessibleDescription('Enter an amount in dollars, e.g. 5.00');
    expect(sent.to('PUT', LIMITS)).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it is about', async () => {
    const message = 'Earns per card a day must be between 1 and 1000';
    serve();
    server.use(
      http.put(api(LIMITS), () =>
        HttpResponse.json(
          { error: `Invalid cardEarnsPerDay.count: ${message}`, code: 'VALIDATION_ERROR', details: [{ field: 'body.cardEarnsPerDay.count', message }] },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderTab();
    await retype(user, section('Earns per card'), 'Earns per card a day', '7');
    await user.click(save());

    const count = within(section('Earns per card')).getByLabelText('Earns per card a day');
    await waitFor(() => expect(count).toHaveAccessibleDescription(message));
    expect(count).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent(`Invalid cardEarnsPerDay.count: ${message}`);
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('says when the limits cannot be loaded, and loads them again on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api(LIMITS), () =>
        fail ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json<LimitSettings>(STORED),
      ),
    );
    const { user } = renderWithProviders(<LimitsTab slug="acme" />, { route: '/t/acme/rules', session: { user: userOf('tenant_admin'), tenant: ACME } });
    expect(screen.getByText('Loading limits')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load limits')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Velocity limits' })).toBeInTheDocument();
  });

  it('has no serious or critical axe finding, with a field error shown', async () => {
    serve();
    const { user } = await renderTab();
    await retype(user, section('Purchase amount'), 'Purchase amount per earn', '-1');
    await user.click(save());
    await waitFor(() => expect(within(section('Purchase amount')).getByLabelText('Purchase amount per earn')).toHaveAttribute('aria-invalid', 'true'));
    const result = await axe.run(document.body, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('is a tab of Rules & Settings, after Rewards', async () => {
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
    expect(names.indexOf('Limits')).toBe(names.indexOf('Rewards') + 1);
    await user.click(screen.getByRole('tab', { name: 'Limits' }));
    expect(await screen.findByRole('form', { name: 'Velocity limits' })).toBeInTheDocument();
  });
});
