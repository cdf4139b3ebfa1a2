import axe from 'axe-core';
import { screen, waitFor, within } from '@testing-library/react';
import type { CashbackRulesResponse, OfferListResponse, RewardSettings, TierRulesResponse } from '@loyalty/contract';
import { describe, expect, it } from 'vitest';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { RulesPage } from '../pages/rules-page';
import { RewardsTab } from './rewards-tab';

const REWARDS = '/t/acme/rules/rewards';

/** What Acme saved: a $5 welcome bonus and referrals on, the birthday reward and win-back offers off. */
const STORED: RewardSettings = {
  welcome: { enabled: true, amountCents: 500 },
  birthday: { enabled: false, amountCents: 1000 },
  referral: { enabled: true, referrerCents: 750, friendCents: 500, minPurchaseCents: 2000, maxPerReferrerPerMonth: 5 },
  winBack: { enabled: false, inactiveDays: 60, bonusCents: 500, validDays: 14 },
};

/** The server: the reward settings `settings`; records what the tab sends. */
function serve(settings: RewardSettings = STORED) {
  server.use(http.get(api(REWARDS), () => HttpResponse.json<RewardSettings>(settings)));
  return recordRequests();
}

async function renderTab() {
  const view = renderWithProviders(<RewardsTab slug="acme" />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
  await screen.findByRole('form', { name: 'Reward settings' });
  return view;
}

const section = (name: string) => screen.getByRole('group', { name });
const save = () => screen.getByRole('button', { name: 'Save Rewards' });

/** Replaces the text of the field labelled `label` in `scope` with `value`. */
async function retype(user: ReturnType<typeof renderWithProviders>['user'], scope: HTMLElement, label: string, value: string) {
  const field = within(scope).getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
  return field;
}

/** axe-core's WCAG 2.1 A and AA rules on the page as rendered; a serious or critical finding fails (contrast is the browser tests'). */
async function expectNoSeriousAxeFindings() {
  const result = await axe.run(document.body, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('Rules & Settings: the Rewards tab', () => {
  it('shows the saved settings, amounts in dollars, with the line saying how each reward works', async () => {
    serve();
    await renderTab();

    const welcome = section('Welcome bonus');
    expect(within(welcome).getByRole('checkbox', { name: 'Give a welcome bonus' })).toBeChecked();
    expect(within(welcome).getByLabelText('Bonus amount')).toHaveValue('5.00');

    const birthday = section('Birthday reward');
    expect(within(birthday).getByRole('checkbox', { name: 'Give a birthday reward' })).not.toBeChecked();
    expect(within(birthday).getByLabelText('Reward amount')).toHaveValue('10.00');
    expect(birthday).toHaveTextContent(
      "Paid once a year on the birthday, from 09:00 in the business's time zone; not when the birthday was set less than 30 days before.",
    );

    const referral = section('Referrals');
    expect(within(referral).getByRole('checkbox', { name: 'Run referrals' })).toBeChecked();
    expect(within(referral).getByLabelText("Referrer's bonus")).toHaveValue('7.50');
    expect(within(referral).getByLabelText("Friend's bonus")).toHaveValue('5.00');
    expect(within(referral).getByLabelText('Minimum first purchase')).toHaveValue('20.00');
    expect(within(referral).getByLabelText('Referrals paid per referrer a month')).toHaveValue(5);
    expect(referral).toHaveTextContent(
      "A customer shares their link; when the friend's first purchase of at least $20.00 is earned, both get their bonus. Refunded in full within 14 days: both are taken back.",
    );

    const winBack = section('Win-back offers');
    expect(within(winBack).getByRole('checkbox', { name: 'Send win-back offers' })).not.toBeChecked();
    expect(within(winBack).getByLabelText('Days without a purchase')).toHaveValue(60);
    expect(within(winBack).getByLabelText('Bonus on the next purchase')).toHaveValue('5.00');
    expect(within(winBack).getByLabelText('Days the offer is valid')).toHaveValue(14);
    expect(winBack).toHaveTextContent(
      'Customers with no purchase for 60 days get an e-mail offer of a bonus on their next purchase within 14 days; at most one offer per customer every 90 days.',
    );
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('sends the typed dollars as cents, spins while saving, says so and keeps what the server stored', async () => {
    const sent = serve();
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.put(api(REWARDS), async ({ request }) => {
        await answered;
        return HttpResponse.json<RewardSettings>((await request.json()) as RewardSettings);
      }),
    );
    const { user } = await renderTab();

    await retype(user, section('Welcome bonus'), 'Bonus amount', '7.5');
    await user.click(within(section('Birthday reward')).getByRole('checkbox', { name: 'Give a birthday reward' }));
    await retype(user, section('Birthday reward'), 'Reward amount', '$12.34');
    const minimum = await retype(user, section('Referrals'), 'Minimum first purchase', '1,000');
    expect(section('Referrals')).toHaveTextContent('first purchase of at least $1,000.00 is earned');
    await user.click(within(section('Win-back offers')).getByRole('checkbox', { name: 'Send win-back offers' }));
    await retype(user, section('Win-back offers'), 'Days without a purchase', '90');
    await retype(user, section('Win-back offers'), 'Bonus on the next purchase', '0');
    expect(section('Win-back offers')).toHaveTextContent('no purchase for 90 days');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.click(save());

    await waitFor(() => expect(save()).toBeDisabled());
    answer();
    expect(await screen.findByText('Reward settings saved successfully')).toBeInTheDocument();
    expect(sent.to('PUT', REWARDS)).toHaveLength(1);
    expect(sent.to('PUT', REWARDS)[0].body).toEqual({
      welcome: { enabled: true, amountCents: 750 },
      birthday: { enabled: true, amountCents: 1234 },
      referral: { enabled: true, referrerCents: 750, friendCents: 500, minPurchaseCents: 100_000, maxPerReferrerPerMonth: 5 },
      winBack: { enabled: true, inactiveDays: 90, bonusCents: 0, validDays: 14 },
    } satisfies RewardSettings);
    expect(save()).toBeEnabled();
    expect(minimum).toHaveValue('1000.00');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('explains an amount or a count out of range at its field with the contract’s message, and sends nothing', async () => {
    const sent = serve();
    const { user } = await renderTab();
    const amount = await retype(user, section('Welcome bonus'), 'Bonus amount', '1000.01');
    const days = await retype(user, section('Win-back offers'), 'Days the offer is valid', '0');
    const friend = await retype(user, section('Referrals'), "Friend's bonus", 'five');
    await user.click(save());

    await waitFor(() => expect(amount).toHaveAccessibleDescription('Welcome bonus must be between $0.00 and $1,000.00'));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription('Days the offer is valid must be between 1 and 365');
    expect(friend).toHaveAccessibleDescription('Enter an amount in dollars, e.g. 5.00');
    expect(sent.to('PUT', REWARDS)).toHaveLength(0);
  });

  it('shows the server’s refusal under the field it is about', async () => {
    const message = 'Minimum first purchase must be between $0.00 and $1,000.00';
    serve();
    server.use(
      http.put(api(REWARDS), () =>
        HttpResponse.json(
          { error: `Invalid referral.minPurchaseCents: ${message}`, code: 'VALIDATION_ERROR', details: [{ field: 'body.referral.minPurchaseCents', message }] },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderTab();
    await retype(user, section('Referrals'), 'Minimum first purchase', '25');
    await user.click(save());

    const minimum = within(section('Referrals')).getByLabelText('Minimum first purchase');
    await waitFor(() => expect(minimum).toHaveAccessibleDescription(message));
    expect(minimum).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByRole('alert')).toHaveTextContent(`Invalid referral.minPurchaseCents: ${message}`);
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('says when the settings cannot be loaded, and loads them again on Try again', async () => {
    let fail = true;
    server.use(
      http.get(api(REWARDS), () =>
        fail ? HttpResponse.json({ error: 'Internal error', code: 'INTERNAL' }, { status: 500 }) : HttpResponse.json<RewardSettings>(STORED),
      ),
    );
    const { user } = renderWithProviders(<RewardsTab slug="acme" />, { session: { user: userOf('tenant_admin'), tenant: ACME } });
    expect(screen.getByText('Loading reward settings')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load reward settings')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Reward settings' })).toBeInTheDocument();
  });

  it('has no serious or critical axe finding, with a field error shown', async () => {
    serve();
    const { user } = await renderTab();
    await retype(user, section('Birthday reward'), 'Reward amount', '-1');
    await user.click(save());
    await waitFor(() => expect(within(section('Birthday reward')).getByLabelText('Reward amount')).toHaveAttribute('aria-invalid', 'true'));
    await expectNoSeriousAxeFindings();
  });

  it('is a tab of Rules & Settings, after Special Offers', async () => {
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
    await user.click(await screen.findByRole('tab', { name: 'Rewards' }));
    expect(await screen.findByRole('form', { name: 'Reward settings' })).toBeInTheDocument();
  });
});
