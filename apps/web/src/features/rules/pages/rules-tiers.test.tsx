import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CashbackRule, InitializeRulesResponse, TierRule, TierRulesResponse } from '@loyalty/contract';
import { ACME, userOf } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { api, http, HttpResponse, recordRequests, server } from '@/test/server';
import { RulesPage } from './rules-page';

const CASHBACK = '/t/acme/rules/cashback';
const TIERS = '/t/acme/rules/tiers';
const INITIALIZE = '/t/acme/rules/initialize';

const STORED_CASHBACK: CashbackRule[] = [
  { id: 'r1', category: 'PURCHASE', baseRateBps: 500, isActive: true },
  { id: 'r2', category: 'REPAIR', baseRateBps: 500, isActive: true },
  { id: 'r3', category: 'OTHER', baseRateBps: 500, isActive: true },
];
const STORED_TIERS: TierRule[] = [
  { id: 't1', tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0, isActive: true },
  { id: 't2', tier: 'GOLD', name: 'Gold', minTotalSpendCents: 50_000, baseRateBps: 100, isActive: true },
  { id: 't3', tier: 'PLATINUM', name: 'Platinum', minTotalSpendCents: 200_000, baseRateBps: 200, isActive: true },
];

function serve() {
  server.use(
    http.get(api(CASHBACK), () => HttpResponse.json({ rules: STORED_CASHBACK })),
    http.get(api(TIERS), () => HttpResponse.json({ rules: STORED_TIERS })),
    http.get(api('/t/acme/rules/offers'), () => HttpResponse.json({ offers: [] })),
  );
  return recordRequests();
}

function renderPage() {
  return renderWithProviders(<RulesPage />, { route: '/t/acme/rules', path: '/t/:slug/rules', session: { user: userOf('tenant_admin'), tenant: ACME } });
}

async function openTiers() {
  const sent = serve();
  const view = renderPage();
  await screen.findByRole('form', { name: 'Cashback rules' });
  await view.user.click(screen.getByRole('tab', { name: 'Loyalty Tiers' }));
  const form = screen.getByRole('form', { name: 'Tier rules' });
  const tier = (name: string) => within(form).getByRole('group', { name });
  const save = () => view.user.click(within(form).getByRole('button', { name: 'Save Tier Rules' }));
  return { ...view, sent, form, tier, save };
}

describe('Rules page: loading', () => {
  it('says when the rules cannot be loaded, and loads again on Try again', async () => {
    let tierAnswers = 0;
    server.use(
      http.get(api(CASHBACK), () => HttpResponse.json({ rules: STORED_CASHBACK })),
      http.get(api(TIERS), () => (++tierAnswers === 1 ? HttpResponse.json({ error: 'boom' }, { status: 500 }) : HttpResponse.json({ rules: STORED_TIERS }))),
      http.get(api('/t/acme/rules/offers'), () => HttpResponse.json({ offers: [] })),
    );
    const { user } = renderPage();
    expect(await screen.findByText('Failed to load rules and offers')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Cashback rules' })).toBeInTheDocument();
    expect(screen.queryByText('Failed to load rules and offers')).not.toBeInTheDocument();
  });
});

describe('Rules page: the Loyalty Tiers form', () => {
  it('shows the stored tiers: spend in dollars, bonus in percent', async () => {
    const { tier } = await openTiers();
    expect(within(tier('Gold')).getByLabelText('Name')).toHaveValue('Gold');
    expect(within(tier('Gold')).getByLabelText('Minimum spend')).toHaveValue(500);
    expect(within(tier('Gold')).getByLabelText('Bonus rate (%)')).toHaveValue(1);
    expect(within(tier('Platinum')).getByLabelText('Minimum spend')).toHaveValue(2000);
    expect(within(tier('Platinum')).getByRole('checkbox', { name: 'Active' })).toBeChecked();
  });

  it('sends spend in cents and bonus in bps, confirms, and says how many customers moved tier', async () => {
    const stored: TierRulesResponse = {
      rules: [STORED_TIERS[0], { ...STORED_TIERS[1], name: 'Gold Club', minTotalSpendCents: 75_000 }, { ...STORED_TIERS[2], isActive: false }],
      customersRetiered: 3,
    };
    server.use(http.put(api(TIERS), () => HttpResponse.json(stored)));
    const { user, sent, tier, save } = await openTiers();
    const gold = tier('Gold');
    await user.clear(within(gold).getByLabelText('Name'));
    await user.type(within(gold).getByLabelText('Name'), ' Gold Club ');
    await user.clear(within(gold).getByLabelText('Minimum spend'));
    await user.type(within(gold).getByLabelText('Minimum spend'), '750');
    await user.click(within(tier('Platinum')).getByRole('checkbox', { name: 'Active' }));
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await save();

    expect(await screen.findByText('Tier rules saved successfully')).toBeInTheDocument();
    expect(await screen.findByText('3 customers moved to a new tier')).toBeInTheDocument();
    expect(sent.to('PUT', TIERS)[0].body).toEqual({
      rules: [
        { tier: 'SILVER', name: 'Silver', minTotalSpendCents: 0, baseRateBps: 0, isActive: true },
        { tier: 'GOLD', name: 'Gold Club', minTotalSpendCents: 75_000, baseRateBps: 100, isActive: true },
        { tier: 'PLATINUM', name: 'Platinum', minTotalSpendCents: 200_000, baseRateBps: 200, isActive: false },
      ],
    });
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('explains a blank name and a negative spend, and sends nothing', async () => {
    const { user, sent, tier, save } = await openTiers();
    await user.clear(within(tier('Silver')).getByLabelText('Name'));
    await user.clear(within(tier('Gold')).getByLabelText('Minimum spend'));
    await user.type(within(tier('Gold')).getByLabelText('Minimum spend'), '-5');
    await save();
    expect(within(tier('Silver')).getByLabelText('Name')).toHaveAccessibleDescription('Tier name is required');
    expect(within(tier('Gold')).getByLabelText('Minimum spend')).toHaveAccessibleDescription(/Minimum spend must be 0 or more/);
    expect(sent.to('PUT', TIERS)).toHaveLength(0);
  });

  it('shows the server’s refusal above Save until the spend is changed', async () => {
    server.use(
      http.put(api(TIERS), () =>
        HttpResponse.json({ error: 'Tier thresholds must increase: SILVER < GOLD < PLATINUM', code: 'VALIDATION_ERROR' }, { status: 400 }),
      ),
    );
    const { user, form, tier, save } = await openTiers();
    await user.clear(within(tier('Gold')).getByLabelText('Minimum spend'));
    await user.type(within(tier('Gold')).getByLabelText('Minimum spend'), '3000');
    await save();

    await waitFor(() => expect(within(form).getByText('Tier thresholds must increase: SILVER < GOLD < PLATINUM')).toBeInTheDocument());
    expect(screen.getByText('Unsaved changes')).toBeVisible();
    await user.type(within(tier('Gold')).getByLabelText('Minimum spend'), '0');
    expect(within(form).queryByText('Tier thresholds must increase: SILVER < GOLD < PLATINUM')).not.toBeInTheDocument();
  });

  it('puts the stored values back on Discard changes', async () => {
    const { user, tier } = await openTiers();
    await user.clear(within(tier('Gold')).getByLabelText('Bonus rate (%)'));
    await user.type(within(tier('Gold')).getByLabelText('Bonus rate (%)'), '4');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(within(tier('Gold')).getByLabelText('Bonus rate (%)')).toHaveValue(1);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('keeps unsaved tier edits when switching tabs', async () => {
    const { user, tier } = await openTiers();
    await user.clear(within(tier('Gold')).getByLabelText('Name'));
    await user.type(within(tier('Gold')).getByLabelText('Name'), 'Golden');
    await user.click(screen.getByRole('tab', { name: 'Cashback Rules' }));
    await user.click(screen.getByRole('tab', { name: 'Loyalty Tiers' }));
    const gold = within(screen.getByRole('form', { name: 'Tier rules' })).getByRole('group', { name: 'Gold' });
    expect(within(gold).getByLabelText('Name')).toHaveValue('Golden');
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });
});

describe('Rules page: Initialize default rules', () => {
  const DEFAULTS: InitializeRulesResponse = {
    cashbackRules: [
      { id: 'd1', category: 'PURCHASE', baseRateBps: 200, isActive: true },
      { id: 'd2', category: 'REPAIR', baseRateBps: 300, isActive: true },
      { id: 'd3', category: 'OTHER', baseRateBps: 100, isActive: true },
    ],
    tierRules: STORED_TIERS,
  };

  async function openConfirm() {
    const sent = serve();
    const view = renderPage();
    const form = await screen.findByRole('form', { name: 'Cashback rules' });
    // The rates are read before the dialog hides the page from the accessibility tree.
    const rateOf = (category: string) => within(within(form).getByRole('group', { name: category })).getByLabelText('Rate (%)');
    const rates = { purchase: rateOf('Purchase'), repair: rateOf('Repair') };
    await view.user.click(screen.getByRole('button', { name: 'Initialize default rules' }));
    const dialog = await screen.findByRole('alertdialog');
    return { ...view, sent, rates, dialog };
  }

  it('lists the defaults and what is replaced, and sends nothing on Cancel', async () => {
    const { user, sent, dialog } = await openConfirm();
    expect(within(dialog).getByText('Initialize default rules?')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('This replaces your current cashback and tier rules, including any unsaved changes, with the defaults below.');
    expect(within(dialog).getByText('Gold from $500.00')).toBeInTheDocument();
    expect(within(dialog).getByText('Platinum from $2,000.00')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', INITIALIZE)).toHaveLength(0);
  });

  it('replaces the rules on confirmation and shows the defaults in the form', async () => {
    server.use(http.post(api(INITIALIZE), () => HttpResponse.json(DEFAULTS)));
    const { user, sent, rates, dialog } = await openConfirm();
    expect(rates.purchase).toHaveValue(5);
    await user.click(within(dialog).getByRole('button', { name: 'Replace with defaults' }));

    expect(await screen.findByText('Default rules initialized successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(sent.to('POST', INITIALIZE)).toHaveLength(1);
    expect(rates.purchase).toHaveValue(2);
    expect(rates.repair).toHaveValue(3);
  });

  it('says to try again when the server fails, and keeps the rules', async () => {
    server.use(http.post(api(INITIALIZE), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    const { user, rates, dialog } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Replace with defaults' }));
    expect(await screen.findByText('Failed to initialize default rules. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(rates.purchase).toHaveValue(5);
  });
});
